import express, { type Request, type Response, Router } from "express";
import { requireUser } from "../auth/session.server.ts";
import { parseBody } from "../http/body.server.ts";
import { jsonWriteGuard } from "../http/guards.server.ts";
import { enforceLimit } from "../http/rate-limit.server.ts";
import { sendOk } from "../http/respond.server.ts";
import type { Services } from "../services.server.ts";
import { pageRead, readingQuerySchema, readingSchema, saveReading } from "./reading.server.ts";

/** Saves one account may send in 15 minutes: the viewer sends at most one every two seconds of reading. */
const SAVES_PER_WINDOW = 600;
const SAVE_WINDOW_MS = 15 * 60 * 1000;

/** `/api/v1/me/reading` (issue 26, decision 029): the viewer's last page of a paper, on the account. */
export function readingApiRouter(services: Services): Router {
  const router = Router();

  router.get("/me/reading", async (req: Request, res: Response) => {
    const user = await requireUser(req);
    const { paper } = parseBody(readingQuerySchema, req.query);
    res.setHeader("Cache-Control", "private, no-store");
    sendOk(res, { page: await pageRead(services, user.id, paper) });
  });

  // The viewer sends it a moment after the page changes, and with keepalive when it closes.
  router.put(
    "/me/reading",
    jsonWriteGuard(services.config),
    express.json({ limit: "1kb" }),
    async (req: Request, res: Response) => {
      const user = await requireUser(req);
      const reading = parseBody(readingSchema, req.body);
      await enforceLimit(services.rateLimiter, `reading:${user.id}`, SAVES_PER_WINDOW, SAVE_WINDOW_MS);
      await saveReading(services, user.id, reading);
      res.status(204).end();
    },
  );

  return router;
}
