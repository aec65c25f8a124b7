import type { Request, Response } from "express";
import type { Services } from "../services.server.ts";
import { lookupSession, type SessionUser, sessionCookie } from "./session.server.ts";

const cache = new WeakMap<Request, Promise<SessionUser | null>>();

/**
 * The signed-in user of this request, looked up once per request however many callers ask.
 * A session whose expiry moved gets its cookie sent again, so the browser's copy lasts as long.
 */
export function requestUser(services: Services, req: Request, res: Response): Promise<SessionUser | null> {
  let pending = cache.get(req);
  if (!pending) {
    pending = lookupSession(services, req.headers.cookie).then((found) => {
      if (found?.renewedUntil && !res.headersSent) {
        const token = req.headers.cookie?.match(/(?:^|;\s*)ps_session=([^;]+)/)?.[1];
        if (token) res.append("Set-Cookie", sessionCookie(services.config, token, found.renewedUntil));
      }
      return found?.user ?? null;
    });
    cache.set(req, pending);
  }
  return pending;
}
