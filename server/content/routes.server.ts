import express, { type RequestHandler, Router } from "express";
import { fieldErrors } from "../../domain/validation.ts";
import { clientIp } from "../http/guards.server.ts";
import { enforceLimit, type RateLimiter } from "../http/rate-limit.server.ts";
import { HttpError, sendError } from "../http/respond.server.ts";
import type { Services } from "../services.server.ts";
import { getArticles } from "./articles.server.ts";
import { robotsTxt, sitemapEntries, sitemapXml } from "./sitemap.server.ts";
import { storeVital, VitalReport } from "./vitals.server.ts";

export interface VitalsOptions {
  /** Reports per IP address per window. */
  limit?: number;
  windowMs?: number;
  rateLimiter?: RateLimiter;
}

/**
 * Reports per address per minute. Indian mobile carriers put many subscribers behind one address
 * (carrier-grade NAT), and a school lab shares one too, so this only stops a flood: a page view sends
 * at most five reports, and 600 a minute is 120 page views a minute from one address.
 */
export const VITALS_PER_MINUTE = 600;

/** Reports are tiny; anything larger is not a report. */
const MAX_BODY = "2kb";

/** Over the limit, the site's one 429 goes to the error handler (the API's envelope, with Retry-After). */
function rateLimit(limiter: RateLimiter, limit: number, windowMs: number): RequestHandler {
  return async (req, _res, next) => {
    try {
      await enforceLimit(limiter, `vitals:${clientIp(req)}`, limit, windowMs, "Too many reports. Please slow down.");
      next();
    } catch (error) {
      next(error);
    }
  };
}

/**
 * `POST /api/v1/vitals` (mounted under /api/v1): one web-vitals report from `navigator.sendBeacon`,
 * which sends a string as text/plain, so both text/plain and application/json bodies are read.
 * The report is stored without the IP address or any user id.
 */
export function vitalsApiRouter(services: Services, options: VitalsOptions = {}): Router {
  const router = Router();
  const limiter = options.rateLimiter ?? services.rateLimiter;
  const siteOrigin = new URL(services.config.siteUrl).origin;

  router.post(
    "/vitals",
    (req, _res, next) => {
      // A beacon needs no CORS preflight, so another site could post here; browsers say where from.
      const origin = req.get("origin");
      if (origin && origin !== siteOrigin) return next(new HttpError(403, "Cross-site report refused"));
      next();
    },
    rateLimit(limiter, options.limit ?? VITALS_PER_MINUTE, options.windowMs ?? 60_000),
    express.json({ limit: MAX_BODY, type: "application/json" }),
    express.text({ limit: MAX_BODY, type: "text/plain" }),
    async (req, res, next) => {
      try {
        if (!req.is("application/json") && !req.is("text/plain")) {
          return sendError(res, 415, "Send the report as application/json or text/plain");
        }
        let body: unknown = req.body;
        if (typeof body === "string") {
          try {
            body = JSON.parse(body);
          } catch {
            return sendError(res, 400, "Request body is not valid JSON");
          }
        }
        const result = VitalReport.safeParse(body);
        if (!result.success) {
          return sendError(res, 400, "Invalid vitals report", fieldErrors(result.error));
        }
        await storeVital(services.database.db, result.data);
        res.status(204).end();
      } catch (error) {
        next(error);
      }
    },
  );
  return router;
}

/** `/robots.txt` and `/sitemap.xml`, built from the subjects and the article files. */
export function seoRouter(services: Services): Router {
  const router = Router();
  const { siteUrl } = services.config;
  router.get("/robots.txt", (_req, res) => {
    res.setHeader("Cache-Control", "public, max-age=3600");
    res.type("text/plain").send(robotsTxt(siteUrl));
  });
  router.get("/sitemap.xml", (_req, res) => {
    res.setHeader("Cache-Control", "public, max-age=3600");
    res
      .type("application/xml")
      .send(sitemapXml(siteUrl, sitemapEntries({ en: getArticles("en"), mr: getArticles("mr") })));
  });
  return router;
}
