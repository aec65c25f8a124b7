/**
 * The security headers of every response, worked out once by helmet at start-up rather than per request
 * (decision 014): the same bytes helmet sends, with the CSP's nonce filled in per response. JSON API
 * answers carry the same policy without a nonce source, since nothing in them runs as a page.
 */
import { randomBytes } from "node:crypto";
import type { Request, RequestHandler, Response } from "express";
import helmet from "helmet";

const NONCE_BYTES = 16;
/** One CSPRNG read per 256 nonces, as Node's randomUUID does: a read per response was 8% of a JSON request's CPU. */
const POOL_BYTES = NONCE_BYTES * 256;
let pool = Buffer.alloc(0);
let poolAt = 0;

/** A fresh CSP nonce: 16 random bytes, base64 (24 characters). */
export function cspNonce(): string {
  if (poolAt + NONCE_BYTES > pool.length) {
    pool = randomBytes(POOL_BYTES);
    poolAt = 0;
  }
  const nonce = pool.toString("base64", poolAt, poolAt + NONCE_BYTES);
  poolAt += NONCE_BYTES;
  return nonce;
}

export interface SecurityHeaderOptions {
  /** No CSP at all (development: Vite's client injects inline scripts). */
  csp: boolean;
  /** HTTPS site: HSTS and upgrade-insecure-requests. */
  https: boolean;
}

const PLACEHOLDER = "PaperStationNoncePlaceholder";
const CSP = "Content-Security-Policy";

/** The site's policy, as helmet writes it; the script nonce is read from `res.locals.cspNonce`. */
function policy({ csp, https }: SecurityHeaderOptions) {
  return helmet({
    contentSecurityPolicy: csp
      ? {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            // 'wasm-unsafe-eval' lets pdf.js compile its WebAssembly image decoders; it allows no JS eval.
            scriptSrc: ["'self'", "'wasm-unsafe-eval'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", "data:", "blob:"],
            fontSrc: ["'self'", "data:"],
            connectSrc: ["'self'"],
            workerSrc: ["'self'", "blob:"],
            objectSrc: ["'none'"],
            baseUri: ["'self'"],
            formAction: ["'self'"],
            frameAncestors: ["'none'"],
            ...(https ? { upgradeInsecureRequests: [] } : {}),
          },
        }
      : false,
    strictTransportSecurity: https ? { maxAge: 63_072_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
  });
}

/** What helmet sets on a response whose nonce is the placeholder, in its order. */
function helmetHeaders(options: SecurityHeaderOptions): [string, string][] {
  const headers: [string, string][] = [];
  const res = {
    locals: { cspNonce: PLACEHOLDER },
    setHeader: (name: string, value: string) => headers.push([name, String(value)]),
    removeHeader: () => {},
  };
  let failure: unknown;
  policy(options)({} as Request, res as unknown as Response, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * Sets every response's security headers: helmet's (computed once), Permissions-Policy, and the CSP
 * with a fresh nonce in `res.locals.cspNonce` (API answers: the policy without a nonce source).
 */
export function securityHeaders(options: SecurityHeaderOptions): RequestHandler {
  const all = [
    ...helmetHeaders(options),
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()"] as [string, string],
  ];
  const fixed = all.filter(([name]) => name !== CSP);
  const csp = all.find(([name]) => name === CSP)?.[1];
  const [before, after] = csp?.split(PLACEHOLDER) ?? [];
  const apiPolicy = csp?.replace(` 'nonce-${PLACEHOLDER}'`, "");
  if (csp && (after === undefined || apiPolicy?.includes(PLACEHOLDER))) {
    throw new Error("the CSP's nonce source was not where securityHeaders expects it");
  }
  return (req, res, next) => {
    for (const [name, value] of fixed) res.setHeader(name, value);
    if (req.originalUrl.startsWith("/api/")) {
      if (apiPolicy) res.setHeader(CSP, apiPolicy);
    } else {
      const nonce = cspNonce();
      res.locals.cspNonce = nonce;
      if (csp) res.setHeader(CSP, `${before}${nonce}${after}`);
    }
    next();
  };
}
