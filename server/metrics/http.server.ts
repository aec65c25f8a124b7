/**
 * The HTTP side of the metrics (issue 28, ./metrics.server.ts): every request timed under a route label from a
 * fixed set, and `GET /metrics` for the scraper that sends METRICS_TOKEN.
 */
import { timingSafeEqual } from "node:crypto";
import type { Request, RequestHandler, Response } from "express";
import { pageAt } from "../../app/pages.ts";
import { isArticleSlug } from "../content/articles.server.ts";
import { PAGE_CACHE_HEADER } from "../http/page-cache.server.ts";
import { registry, requestDuration } from "./metrics.server.ts";

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * The route a request matched, from a fixed set: Express's route pattern for the API and the server's own routes,
 * the page's route module for pages (app/pages.ts), `static` for files, and `unmatched` for anything else.
 */
function routeLabel(req: Request, res: Response): string {
  const pattern: unknown = req.route?.path;
  if (typeof pattern === "string" && pattern !== "/{*splat}") {
    return req.originalUrl.startsWith("/api/v1/") && !pattern.startsWith("/api/") ? `/api/v1${pattern}` : pattern;
  }
  // A page: its route module, whether React Router rendered it or the page cache kept it.
  if (pattern === "/{*splat}" || res.getHeader(PAGE_CACHE_HEADER) === "hit") {
    return `page:${pageAt(req.path, isArticleSlug)?.file ?? "unknown"}`;
  }
  return res.statusCode < 400 ? "static" : "unmatched";
}

/** Times every request, as the first middleware. */
export function recordRequests(): RequestHandler {
  return (req, res, next) => {
    const end = requestDuration.startTimer();
    res.once("finish", () => {
      end({
        route: routeLabel(req, res),
        method: METHODS.has(req.method) ? req.method : "other",
        status: String(res.statusCode),
      });
    });
    next();
  };
}

/** `GET /metrics` for a scraper that sends the token; a 404 for everyone when no token is set. */
export function metricsHandler(token: string | undefined): RequestHandler {
  const expected = token ? Buffer.from(`Bearer ${token}`) : null;
  return async (req, res, next) => {
    if (!expected) return next();
    const given = Buffer.from(req.get("authorization") ?? "");
    res.setHeader("Cache-Control", "no-store");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      return void res.status(401).type("text/plain").send("Unauthorized");
    }
    res.type(registry.contentType).send(await registry.metrics());
  };
}
