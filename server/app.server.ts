import { randomUUID } from "node:crypto";
import path from "node:path";
import compression from "compression";
import express, { type ErrorRequestHandler, type Request } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { expressRequestContext, nonceContext, servicesContext } from "../app/context.ts";
import { adminApiRouter } from "./admin/routes.server.ts";
import { ageGate } from "./auth/age.server.ts";
import { accountsApiRouter } from "./auth/routes.server.ts";
import { getUser } from "./auth/session.server.ts";
import { ownPagesGeneration, trackStudentWrites } from "./auth/student-writes.server.ts";
import { seoRouter, vitalsApiRouter } from "./content/routes.server.ts";
import { isDatabaseUnavailable, UNAVAILABLE_MESSAGE } from "./db/errors.server.ts";
import { requestNow } from "./http/clock.server.ts";
import { isSameOrigin } from "./http/guards.server.ts";
import { wantsJsonEnvelope } from "./http/negotiate.server.ts";
import { createPageCache, type PageCacheOptions } from "./http/page-cache.server.ts";
import { pageHandler } from "./http/page-handler.server.ts";
import { HttpError, sendError } from "./http/respond.server.ts";
import { securityHeaders } from "./http/security-headers.server.ts";
import { staticFiles } from "./http/static.server.ts";
import { languageRouter } from "./i18n/routes.server.ts";
import { requestLog } from "./logger.server.ts";
import { metricsHandler, recordRequests } from "./metrics/http.server.ts";
import { countDatabaseOutage } from "./metrics/metrics.server.ts";
import { paperPreviewRouter } from "./papers/preview-route.server.ts";
import { getQuestionHandler, paperFilesRouter, papersApiRouter } from "./papers/routes.server.ts";
import { attemptsApiRouter } from "./practice/routes.server.ts";
import { readingApiRouter } from "./reading/routes.server.ts";
import { reportsApiRouter } from "./reports/routes.server.ts";
import { dueForRequest } from "./reviews/notebook.server.ts";
import { reviewsApiRouter } from "./reviews/routes.server.ts";
import { searchIndexWarming } from "./search/index.server.ts";
import { searchHandler } from "./search/routes.server.ts";
import type { Services } from "./services.server.ts";

const CLIENT_DIR = path.join(import.meta.dirname, "../build/client");

export interface AppOptions {
  /** The React Router server build; without it only the API and health routes exist (API tests). */
  build?: ServerBuild | (() => Promise<ServerBuild>);
  /** Development: Vite serves the client and rebuilds the app on change. */
  vite?: ViteDevServer;
  clientDir?: string;
  /** The anonymous page cache's settings (tests inject a clock), or false for none. Never in development. */
  pageCache?: PageCacheOptions | false;
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

  // Pages kept for two seconds (decision 014; for students too, decision 032): answered right after the request
  // log, before the static files' disk check and the per-response middleware, whose headers the kept page carries.
  const pageCache =
    options.build && !development && options.pageCache !== false
      ? createPageCache(services.database, {
          student: async (req) => {
            const user = await getUser(req);
            // Not yet said whether under 18: rendered, so that the page middleware sends the account to /age.
            if (!user || user.ageGroup === null) return null;
            const now = requestNow(config, req);
            return {
              id: user.id,
              variant: String(await dueForRequest(services, user.id, req, now)),
              own: ownPagesGeneration(services.database, user.id),
            };
          },
          ...options.pageCache,
          accept: (req) => hostProblem(req) === undefined,
        })
      : undefined;

  // Every request is timed for /metrics, those the page cache answers too.
  app.use(recordRequests());

  // An absolute-form request target (`GET http://host/blogs HTTP/1.1`, which HTTP/1.1 servers must accept) is
  // served as its path; anything else that is not a path (`*`, garbage) is a 400 before any handler sees it.
  app.use((req, res, next) => {
    if (req.url.startsWith("/")) return next();
    const path = originFormOf(req.url);
    if (path === null) return void res.status(400).type("text/plain").send("Bad request target");
    req.url = path;
    req.originalUrl = path;
    next();
  });

  app.use(
    requestLog(log, {
      requestId: (req) => {
        const incoming = req.headers["x-request-id"];
        return typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
      },
      ignore: (url) => url === "/healthz" || url.startsWith("/assets/"),
      // Not on hashed assets: they are not logged, so their id would name nothing (and cost every script 50 bytes).
      exposeId: (url) => !url.startsWith("/assets/"),
    }),
  );

  // A student's writes move on the generation their own kept pages are found under (decision 034): before any
  // route, and before the page cache, which lets writes through.
  app.use(trackStudentWrites(services));
  if (pageCache) app.use(pageCache.serve);

  // helmet's headers, worked out once, with a fresh nonce per page response (none on JSON answers).
  const security = securityHeaders({ csp: !development, https });
  const compress = compression();

  // The API before the static files: nothing in the client build is under /api, and this spares every
  // API request the static files' disk check (a stat on libuv's pool). get-question first, as a route of
  // its own: the exam-eve crowd's hottest request skips the API's routers and the compression middleware
  // (its bodies are compressed once per listing).
  app.get("/api/v1/get-question", security, getQuestionHandler(services));
  app.get("/api/v1/search", security, searchHandler(services));
  const api = express.Router();
  // An account that has not said whether it is under 18 writes no study record (decision 028, amended).
  api.use(ageGate());
  api.use(
    "/v1",
    accountsApiRouter(services),
    papersApiRouter(services),
    vitalsApiRouter(services),
    attemptsApiRouter(services),
    readingApiRouter(services),
    reviewsApiRouter(services),
    reportsApiRouter(services),
    adminApiRouter(services),
  );
  api.use((_req, res) => sendError(res, 404, "No such API endpoint"));
  app.use("/api", security, compress, api);

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
  app.use(security, compress);

  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok" });
  });
  app.get("/metrics", metricsHandler(config.metricsToken));
  app.get("/readyz", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    try {
      await services.database.ping(2000);
      // Not ready before start-up's first search index build is done (decision 015).
      if (searchIndexWarming(services.database)) {
        return void res.status(503).json({ status: "starting", reason: "search index: first build" });
      }
      res.json({ status: "ok" });
    } catch (error) {
      res.status(503).json({ status: "unavailable", reason: `database: ${(error as Error).message}` });
    }
  });

  // Before the PDFs' router, which answers 404 for any other address under /papers/.
  app.use(paperPreviewRouter(services));
  app.use(paperFilesRouter(services));
  app.use(seoRouter(services));
  app.use(languageRouter(services));

  if (options.vite) app.use(options.vite.middlewares);

  if (options.build) {
    app.all(
      "/{*splat}",
      pageRequestGuard(services),
      ...(pageCache ? [pageCache.record] : []),
      pageHandler({
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
    if (wantsJsonEnvelope(req)) sendError(res, 404, "Not found");
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
    if (hostProblem(req)) {
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

/** The path and query of an absolute http(s) URL, or null. */
function originFormOf(target: string): string | null {
  try {
    const url = new URL(target);
    return url.protocol === "http:" || url.protocol === "https:" ? url.pathname + url.search : null;
  } catch {
    return null;
  }
}

/** A Host (or trusted X-Forwarded-Host) header that the URL parser would refuse, or undefined. */
function hostProblem(req: Request): string | undefined {
  if (!isValidHost(req.get("host"))) return "host";
  if (req.app.enabled("trust proxy") && !isValidHost(req.get("x-forwarded-host"), true)) return "x-forwarded-host";
  return undefined;
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

function errorHandler(services: Services): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    if (isDatabaseUnavailable(error)) {
      countDatabaseOutage();
      services.log.warn({ err: error, url: req.originalUrl }, "database unavailable");
      res.setHeader("Retry-After", "5");
      if (wantsJsonEnvelope(req)) return sendError(res, 503, UNAVAILABLE_MESSAGE);
      return res.status(503).type("text/plain").send(`${UNAVAILABLE_MESSAGE}. Please try again in a minute.`);
    }
    const status = statusOf(error);
    if (status >= 500) services.log.error({ err: error, url: req.originalUrl }, "request failed");
    if (error instanceof HttpError && error.headers) res.set(error.headers);
    const message = status >= 500 ? "Something went wrong. Please try again." : messageOf(error, status);
    if (wantsJsonEnvelope(req)) {
      return sendError(res, status, message, error instanceof HttpError ? error.errors : undefined);
    }
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
