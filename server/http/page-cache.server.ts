/**
 * The anonymous page cache (issue 15, decision 014). On the night before an exam most requests are
 * anonymous visitors opening the same few subject pages, each rendered by React for ~2 ms of CPU: this
 * keeps each rendered page for two seconds per URL and per everything else the render reads, and
 * answers repeats from memory, with a fresh CSP nonce spliced into every response.
 *
 * Two middlewares: `serve` runs first (after the request log), answers hits and elects one request per
 * key to render; `record`, right before the page handler, keeps what that request rendered. Only 200
 * text/html without Set-Cookie, from a request without a session cookie, is kept; the headers that
 * belong to one visitor (Set-Cookie, X-Request-Id, the CSP's nonce) are never stored.
 */
import type { Request, RequestHandler, Response } from "express";
import { isbot } from "isbot";
import { LRUCache } from "lru-cache";
import { isMedium } from "../../domain/catalog.ts";
import { MEDIUM_COOKIE, readCookie, SESSION_COOKIE } from "../../domain/cookies.ts";
import { LANGUAGE_COOKIE, LANGUAGE_OFFERED_COOKIE } from "../../domain/i18n.ts";
import { acceptsGzip, SplicedBody } from "./encoded-body.server.ts";
import { cspNonce } from "./security-headers.server.ts";

/** As long as the listing cache (decision 006): an import or an admin change shows within seconds. */
export const PAGE_TTL_MS = 2000;
/** Rendered pages kept at most, identity and gzip bytes together (a subject page is ~67 KB of both). */
export const PAGE_CACHE_MAX_BYTES = 32 * 1024 * 1024;

/** Says whether a response came from the cache: `hit`, or `miss` on the request that rendered it. */
export const PAGE_CACHE_HEADER = "X-Page-Cache";

export interface PageCacheOptions {
  ttlMs?: number;
  maxBytes?: number;
  /** The clock, in ms (tests move it instead of sleeping). */
  now?: () => number;
  /** Requests the page handler would refuse (a bad Host): they are never answered from the cache. */
  accept?: (req: Request) => boolean;
}

export interface PageCache {
  /** First in the chain: answers a fresh hit, or lets the request through (electing one renderer per key). */
  serve: RequestHandler;
  /** Right before the page handler: keeps the elected request's rendered page. */
  record: RequestHandler;
  /** Drops every page, so that the next request renders again (after an admin change in this process). */
  forget(): void;
  /** Pages and refusals held now (tests). */
  readonly size: number;
}

/** A rendered page, ready to be sent again with another nonce. */
interface Page {
  kind: "page";
  expires: number;
  /** Every header of the rendered response but the per-response ones, as [name, value] pairs. */
  headers: [string, string][];
  /** The Content-Security-Policy around its nonce. */
  csp: [string, string];
  body: SplicedBody;
  bytes: number;
}

/** A key whose response could not be kept (it set a cookie, say): its requests go straight through. */
interface Refusal {
  kind: "refusal";
  expires: number;
  bytes: number;
}

type Entry = Page | Refusal;

/** Paths that are never pages: the API, files, assets, the language switch, the admin console. */
const NOT_PAGES = /^\/(?:api|papers|assets|i18n|language|admin|pdfjs|healthz|readyz)(?:\/|$)/;

/** Headers that belong to one response, or that this cache sets itself. */
const PER_RESPONSE = new Set([
  "set-cookie",
  "x-request-id",
  "content-security-policy",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "date",
  "connection",
  "keep-alive",
  "etag",
  "vary",
  PAGE_CACHE_HEADER.toLowerCase(),
]);

/** What `serve` leaves for `record` on the request elected to render. */
const TICKET = Symbol("pageCacheTicket");
type Ticket = { key: string; done(entry: Entry | undefined): void };
type WithTicket = { [TICKET]?: Ticket };

/**
 * The cache key: the URL (path, `/mr` prefix and query) and everything else a page's render reads from
 * the request, as app/root.tsx, app/lib/root.server.ts and the subject and home loaders do: the medium
 * cookie (an invalid value reads as none), whether the language was chosen or already offered (the
 * one-time Marathi offer), and whether the client is a crawler (entry.server.tsx waits for the whole
 * document then). Undefined when the request must not be cached: not a GET or HEAD, not a page, or
 * signed in (any session cookie, valid or not).
 */
export function pageCacheKey(req: Request): string | undefined {
  if (req.method !== "GET" && req.method !== "HEAD") return undefined;
  const url = req.originalUrl;
  const query = url.indexOf("?");
  const pathname = query < 0 ? url : url.slice(0, query);
  // A dot in the last segment: a file (robots.txt, sitemap.xml, a client navigation's `.data`).
  if (NOT_PAGES.test(pathname) || pathname.lastIndexOf(".") > pathname.lastIndexOf("/")) return undefined;
  const cookies = req.headers.cookie;
  let medium = "";
  let language = "";
  if (cookies) {
    if (readCookie(cookies, SESSION_COOKIE) !== undefined) return undefined;
    const value = readCookie(cookies, MEDIUM_COOKIE);
    medium = isMedium(value) ? value : "";
    language =
      (readCookie(cookies, LANGUAGE_COOKIE) === undefined ? "" : "l") +
      (readCookie(cookies, LANGUAGE_OFFERED_COOKIE) === undefined ? "" : "o");
  }
  const userAgent = req.headers["user-agent"];
  const bot = userAgent && isbot(userAgent) ? "b" : "";
  return `${medium}|${language}|${bot}|${url}`;
}

export function createPageCache(options: PageCacheOptions = {}): PageCache {
  const ttlMs = options.ttlMs ?? PAGE_TTL_MS;
  const now = options.now ?? Date.now;
  const accept = options.accept ?? (() => true);
  const entries = new LRUCache<string, Entry>({
    maxSize: options.maxBytes ?? PAGE_CACHE_MAX_BYTES,
    sizeCalculation: (entry, key) => entry.bytes + key.length,
  });
  /** Renders in progress: the requests for the same key wait for the one that renders. */
  const rendering = new Map<string, Promise<Entry | undefined>>();

  const fresh = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && entry.expires <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };

  const serve: RequestHandler = (req, res, next) => {
    const key = pageCacheKey(req);
    if (key === undefined || !accept(req)) return next();
    const entry = fresh(key);
    if (entry) return entry.kind === "page" ? sendPage(req, res, entry) : next();
    if (req.method !== "GET") return next();
    const pending = rendering.get(key);
    if (pending) {
      pending.then(
        (result) => (result?.kind === "page" ? sendPage(req, res, result) : next()),
        (error: unknown) => next(error),
      );
      return;
    }
    let settle: (entry: Entry | undefined) => void = () => {};
    rendering.set(
      key,
      new Promise((resolve) => {
        settle = resolve;
      }),
    );
    let settled = false;
    const ticket: Ticket = {
      key,
      done(result) {
        if (settled) return;
        settled = true;
        rendering.delete(key);
        if (result) entries.set(key, result);
        settle(result);
      },
    };
    (res as WithTicket)[TICKET] = ticket;
    // A request that never reaches the page handler, or whose client leaves, renders nothing to keep.
    res.once("close", () => ticket.done(undefined));
    res.setHeader(PAGE_CACHE_HEADER, "miss");
    next();
  };

  const record: RequestHandler = (req, res, next) => {
    const ticket = (res as WithTicket)[TICKET];
    if (!ticket) return next();
    const nonce = res.locals.cspNonce as string | undefined;
    const chunks: Buffer[] = [];
    let headers: [string, string][] | undefined;
    let csp: [string, string] | undefined;
    let keep = req.method === "GET" && Boolean(nonce);
    const refuse = (): Refusal => ({ kind: "refusal", expires: now() + ttlMs, bytes: 64 });

    // Called before the compression middleware's own write: these are the page's identity bytes.
    const look = () => {
      if (headers || !keep) return;
      const snapshot = snapshotHeaders(res, nonce as string);
      if (!snapshot) keep = false;
      else ({ headers, csp } = snapshot);
    };
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      look();
      if (keep) keep = collect(chunks, chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      look();
      if (keep && typeof chunk !== "function" && chunk !== undefined && chunk !== null) {
        keep = collect(chunks, chunk, rest[0]);
      }
      const result = end(chunk, ...rest);
      if (!keep || !headers || !csp || res.getHeader("set-cookie") !== undefined) {
        ticket.done(refuse());
      } else {
        const body = new SplicedBody(Buffer.concat(chunks), nonce as string);
        ticket.done({ kind: "page", expires: now() + ttlMs, headers, csp, body, bytes: body.bytes + 1024 });
      }
      return result;
    }) as Response["end"];
    next();
  };

  return {
    serve,
    record,
    forget: () => entries.clear(),
    get size() {
      return entries.size;
    },
  };
}

/**
 * The response's headers to replay, or undefined when it is not a page to keep: a status other than
 * 200, not HTML, a cookie set, `Cache-Control: no-store` or `private`, or a CSP without this response's nonce.
 */
function snapshotHeaders(
  res: Response,
  nonce: string,
): { headers: [string, string][]; csp: [string, string] } | undefined {
  if (res.statusCode !== 200) return undefined;
  const all = res.getHeaders();
  if (all["set-cookie"] !== undefined) return undefined;
  if (!String(all["content-type"] ?? "").startsWith("text/html")) return undefined;
  // A route that says its page is for one visitor only (the report form, the admin console) keeps that.
  if (/\b(?:no-store|private)\b/i.test(String(all["cache-control"] ?? ""))) return undefined;
  const policy = String(all["content-security-policy"] ?? "");
  const at = policy.indexOf(`'nonce-${nonce}'`);
  if (at < 0) return undefined;
  const csp: [string, string] = [policy.slice(0, at + 7), policy.slice(at + 7 + nonce.length)];
  const headers: [string, string][] = [];
  for (const [name, value] of Object.entries(all)) {
    if (value === undefined || PER_RESPONSE.has(name)) continue;
    headers.push([name, Array.isArray(value) ? value.join(", ") : String(value)]);
  }
  return { headers, csp };
}

/** Adds a written chunk; false when it is not something this cache can keep. */
function collect(chunks: Buffer[], chunk: unknown, encoding: unknown): boolean {
  if (typeof chunk === "string") {
    chunks.push(Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
    return true;
  }
  if (chunk instanceof Uint8Array) {
    chunks.push(Buffer.from(chunk));
    return true;
  }
  return false;
}

/** A kept page with a fresh nonce, gzip when the client takes it. */
function sendPage(req: Request, res: Response, page: Page): void {
  const nonce = cspNonce();
  res.locals.cspNonce = nonce;
  const gzip = acceptsGzip(req.headers["accept-encoding"]);
  const body = req.method === "HEAD" ? undefined : gzip ? page.body.gzip(nonce) : page.body.identity(nonce);
  res.statusCode = 200;
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("Content-Security-Policy", page.csp[0] + nonce + page.csp[1]);
  res.setHeader("Vary", "Accept-Encoding");
  if (gzip) res.setHeader("Content-Encoding", "gzip");
  res.setHeader(PAGE_CACHE_HEADER, "hit");
  if (body) res.setHeader("Content-Length", body.length);
  res.end(body);
}

/** Each app's page cache, for `forgetPages`. */
const caches = new WeakMap<object, PageCache>();

export function registerPageCache(owner: object, cache: PageCache): void {
  caches.set(owner, cache);
}

/**
 * After a change to what pages show (an admin's edit), this process's next requests render again; other
 * instances catch up within PAGE_TTL_MS. `owner` is the app's Services.
 */
export function forgetPages(owner: object): void {
  caches.get(owner)?.forget();
}
