import type { RequestHandler } from "express";
import type { Config } from "../config.server.ts";
import { HttpError } from "./respond.server.ts";

/**
 * CSRF defence for state-changing API calls: a JSON content type (which a cross-site form cannot
 * send without a CORS preflight) and, when the browser sends an Origin, our own origin.
 */
export function jsonWriteGuard(config: Pick<Config, "siteUrl">): RequestHandler {
  return (req, _res, next) => {
    if (!isSameOrigin(config, req.get("origin"))) {
      return next(new HttpError(403, "Cross-site request refused"));
    }
    if (!req.is("application/json")) {
      return next(new HttpError(415, "Content-Type must be application/json"));
    }
    next();
  };
}

/** True when the browser sent no Origin (older clients, same-origin GETs) or our own. */
export function isSameOrigin(config: Pick<Config, "siteUrl">, origin: string | undefined): boolean {
  return origin === undefined || origin === new URL(config.siteUrl).origin;
}

/** The client address as Express sees it (behind a loopback proxy, X-Forwarded-For). */
export function clientIp(req: { ip?: string | undefined; socket: { remoteAddress?: string | undefined } }): string {
  return req.ip ?? req.socket.remoteAddress ?? "unknown";
}
