import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type ErrorRequestHandler, type Request } from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { expressRequestContext, nonceContext, servicesContext } from "../app/context.ts";
import { accountsApiRouter } from "./auth/routes.server.ts";
import { seoRouter, vitalsApiRouter } from "./content/routes.server.ts";
import { isDatabaseUnavailable, UNAVAILABLE_MESSAGE } from "./db/errors.server.ts";
import { isSameOrigin } from "./http/guards.server.ts";
import { HttpError, sendError } from "./http/respond.server.ts";
import { staticFiles } from "./http/static.server.ts";
import { languageRouter } from "./i18n/routes.server.ts";
import { paperFilesRouter, papersApiRouter } from "./papers/routes.server.ts";
import { attemptsApiRouter } from "./practice/routes.server.ts";
import type { Services } from "./services.server.ts";

export const CLIENT_DIR = path.join(import.meta.dirname, "../build/client");

export interface AppOptions {
  /** The React Router server build; without it only the API and health routes exist (API tests). */
  build?: ServerBuild | (() => Promise<ServerBuild>);
  /** Development: Vite serves the client and rebuilds the app on change. */
  vite?: ViteDevServer;
  clientDir?: string;
}

const REQUEST_ID = /^[\w-]{8,64}$/;

export function createApp(services: Services, options: AppOptions = {}): express.Express {
  const { config, log } = services;
  const app = express();
  const { https } = config;
  const development = Boolean(options.vite);

  app.locals.services = services;
  app.disable("x-powered-by");
  // Whose X-Forwarded-For names the client (TRUST_PROXY): by default nobody's, so that no client can
  // pick its own rate-limit bucket by sending the header.
  app.set("trust proxy", config.trustProxy);

  app.use(
    pinoHttp({
      logger: log,
      genReqId: (req, res) => {
        const incoming = req.headers["x-request-id"];
        const id = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
        // Not on hashed assets: they are not logged, so their id would name nothing (and cost every script 50 bytes).
        if (!req.url?.startsWith("/assets/")) res.setHeader("X-Request-Id", id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === "/healthz" || (req.url?.startsWith("/assets/") ?? false) },
      // Method, path, status and timing only: no IP address, cookies or user agent.
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );

  if (!options.vite) {
    // Before helmet: a page's policy headers mean nothing on a script or an image, and on a
    // phone every one of a page's fifteen asset responses would carry them again.
    app.use(
      (_req, res, next) => {
        res.setHeader("X-Content-Type-Options", "nosniff");
        next();
      },
      staticFiles(options.clientDir ?? CLIENT_DIR),
    );
  }
  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: development
        ? false
        : {
            useDefaults: false,
            directives: {
              defaultSrc: ["'self'"],
              // 'wasm-unsafe-eval' lets pdf.js compile its WebAssembly image decoders; it allows no JS eval.
              scriptSrc: [
                "'self'",
                "'wasm-unsafe-eval'",
                (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`,
              ],
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
          },
      strictTransportSecurity: https ? { maxAge: 63_072_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use((_req, res, next) => {
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()");
    next();
  });
  app.use(compression());

  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    try {
      await services.database.ping(2000);
      res.json({ status: "ok" });
    } catch (error) {
      res.status(503).json({ status: "unavailable", reason: `database: ${(error as Error).message}` });
    }
  });

  app.use(
    "/api/v1",
    accountsApiRouter(services),
    papersApiRouter(services),
    vitalsApiRouter(services),
    attemptsApiRouter(services),
  );
  app.use("/api", (_req, res) => sendError(res, 404, "No such API endpoint"));
  app.use(paperFilesRouter(services));
  app.use(seoRouter(services));
  app.use(languageRouter(services));

  if (options.vite) app.use(options.vite.middlewares);

  if (options.build) {
    app.all(
      "/{*splat}",
      pageRequestGuard(services),
      createRequestHandler({
        build: options.build,
        mode: development ? "development" : "production",
        getLoadContext: (req, res) => {
          const context = new RouterContextProvider();
          context.set(servicesContext, services);
          context.set(expressRequestContext, req);
          context.set(nonceContext, res.locals.cspNonce as string);
          return context;
        },
      }),
    );
  }

  app.use((req, res) => {
    if (wantsJson(req)) sendError(res, 404, "Not found");
    else res.status(404).type("text/plain").send("Not found");
  });
  app.use(errorHandler(services));
  return app;
}

/** Pages answer GET and HEAD, and POST where a page has a form action (React Router answers 405 elsewhere). */
const PAGE_METHODS = new Set(["GET", "HEAD", "POST"]);

/**
 * What a probe sends to pages gets a 4xx here, logged at info level, instead of a 500 from deep in the
 * page handler: methods pages do not take (TRACE, PUT, OPTIONS …), a Host the URL parser refuses, and
 * form posts from other origins.
 */
function pageRequestGuard(services: Services): express.RequestHandler {
  return (req, res, next) => {
    if (!PAGE_METHODS.has(req.method)) {
      services.log.info({ method: req.method, url: req.originalUrl }, "method not allowed on a page");
      res.setHeader("Allow", [...PAGE_METHODS].join(", "));
      return void res.status(405).type("text/plain").send("Method not allowed");
    }
    if (
      !isValidHost(req.get("host")) ||
      (req.app.enabled("trust proxy") && !isValidHost(req.get("x-forwarded-host"), true))
    ) {
      services.log.info({ host: req.get("host"), url: req.originalUrl }, "bad Host header");
      return void res.status(400).type("text/plain").send("Bad Host header");
    }
    // React Router refuses a form post from another origin too, but logs it as an error; our pages' forms
    // only ever post to this site, so anything else is a 403 here.
    if (req.method === "POST" && !isSameOrigin(services.config, req.get("origin"))) {
      services.log.info({ url: req.originalUrl }, "cross-site form post refused");
      return void res.status(403).type("text/plain").send("Cross-site request refused");
    }
    next();
  };
}

/** A Host header is a host name or address with an optional port, and nothing else. */
function isValidHost(value: string | undefined, optional = false): boolean {
  if (value === undefined) return optional;
  if (!value || /[\s/\\?#@]/.test(value)) return false;
  try {
    return new URL(`http://${value}`).host !== "";
  } catch {
    return false;
  }
}

function wantsJson(req: Request): boolean {
  return req.path.startsWith("/api/") || (req.get("accept") ?? "").includes("application/json");
}

function errorHandler(services: Services): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    if (isDatabaseUnavailable(error)) {
      services.log.warn({ err: error, url: req.originalUrl }, "database unavailable");
      res.setHeader("Retry-After", "5");
      if (wantsJson(req)) return sendError(res, 503, UNAVAILABLE_MESSAGE);
      return res.status(503).type("text/plain").send(`${UNAVAILABLE_MESSAGE}. Please try again in a minute.`);
    }
    const status = statusOf(error);
    if (status >= 500) services.log.error({ err: error, url: req.originalUrl }, "request failed");
    if (error instanceof HttpError && error.headers) res.set(error.headers);
    const message = status >= 500 ? "Something went wrong. Please try again." : messageOf(error, status);
    if (wantsJson(req)) return sendError(res, status, message, error instanceof HttpError ? error.errors : undefined);
    res.status(status).type("text/plain").send(message);
  };
}

function statusOf(error: unknown): number {
  if (error instanceof HttpError) return error.status;
  const status =
    (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
  return typeof status === "number" && status >= 400 && status < 600 ? status : 500;
}

function messageOf(error: unknown, status: number): string {
  const type = (error as { type?: string }).type;
  if (type === "entity.too.large") return "Request body is too large";
  if (type === "entity.parse.failed") return "Request body is not valid JSON";
  if (type === "encoding.unsupported" || type === "charset.unsupported") return "Unsupported request encoding";
  if (error instanceof HttpError) return error.message;
  return status === 404 ? "Not found" : "Bad request";
}
