import express, { type Request, type Response, Router } from "express";
import type { ItemStatus } from "../../domain/practice.ts";
import { HISTORY_MESSAGES, saveAttemptSchema, startAttemptSchema } from "../../domain/practice-schema.ts";
import { requireUser } from "../auth/session.server.ts";
import { parseBody } from "../http/body.server.ts";
import { jsonWriteGuard } from "../http/guards.server.ts";
import { enforceLimit } from "../http/rate-limit.server.ts";
import { HttpError, sendOk } from "../http/respond.server.ts";
import type { Services } from "../services.server.ts";
import {
  finishAttempt,
  finishWriting,
  getAttempt,
  getProgress,
  listAttempts,
  saveAttempt,
  startAttempt,
} from "./attempts.server.ts";

/** Attempts a user may start in an hour: far more than anyone sits, few enough to bound a script. */
const STARTS_PER_HOUR = 30;
/** Saves a user may send in 15 minutes: a save per tap while marking, with room for offline replays. */
const SAVES_PER_WINDOW = 1500;
const SAVE_WINDOW_MS = 15 * 60 * 1000;

function limit(services: Services, key: string, max: number, windowMs: number): Promise<void> {
  return enforceLimit(services.rateLimiter, key, max, windowMs);
}

const noStore = (res: Response) => res.setHeader("Cache-Control", "private, no-store");

/** `/api/v1/attempts`: timed practice on a model paper (issue 13). Every route needs a signed-in user. */
export function attemptsApiRouter(services: Services): Router {
  const router = Router();
  const writes = [jsonWriteGuard(services.config), express.json({ limit: "32kb" })];

  router.get("/attempts", async (req: Request, res: Response) => {
    const user = await requireUser(req);
    // `before`, an attempt's id, checked by listAttempts: anything but one of the student's own is refused.
    const before = req.query.before;
    if (before !== undefined && typeof before !== "string") throw new HttpError(400, HISTORY_MESSAGES.before);
    noStore(res);
    // The newest 200; a client pages on with the last one's id as `before` (an empty page is the end).
    const page = await listAttempts(services, user.id, { before, limit: 200 });
    if (!page) throw new HttpError(400, HISTORY_MESSAGES.before);
    sendOk(res, page.attempts);
  });

  router.get("/attempts/progress", async (req: Request, res: Response) => {
    const user = await requireUser(req);
    noStore(res);
    sendOk(res, await getProgress(services, user.id));
  });

  router.post("/attempts", ...writes, async (req: Request, res: Response) => {
    const user = await requireUser(req);
    const body = parseBody(startAttemptSchema, req.body);
    await limit(services, `attempt-start:${user.id}`, STARTS_PER_HOUR, 60 * 60 * 1000);
    const { attempt, created } = await startAttempt(services, user.id, body.paper_id);
    noStore(res);
    sendOk(res, attempt, created ? "Attempt started" : "Attempt continued", created ? 201 : 200);
  });

  router.get("/attempts/:id", async (req: Request<{ id: string }>, res: Response) => {
    const user = await requireUser(req);
    noStore(res);
    sendOk(res, await getAttempt(services, user.id, req.params.id));
  });

  router.put("/attempts/:id/marks", ...writes, async (req: Request<{ id: string }>, res: Response) => {
    const user = await requireUser(req);
    const body = parseBody(saveAttemptSchema, req.body);
    await limit(services, `attempt-save:${user.id}`, SAVES_PER_WINDOW, SAVE_WINDOW_MS);
    const attempt = await saveAttempt(services, user.id, req.params.id, {
      ...(body.marks ? { marks: body.marks } : {}),
      ...(body.points ? { points: body.points } : {}),
      ...(body.statuses ? { statuses: body.statuses as Record<string, ItemStatus | null> } : {}),
    });
    noStore(res);
    sendOk(res, attempt, "Saved");
  });

  router.post("/attempts/:id/finish-writing", ...writes, async (req: Request<{ id: string }>, res: Response) => {
    const user = await requireUser(req);
    noStore(res);
    sendOk(res, await finishWriting(services, user.id, req.params.id), "Writing finished");
  });

  router.post("/attempts/:id/finish", ...writes, async (req: Request<{ id: string }>, res: Response) => {
    const user = await requireUser(req);
    noStore(res);
    sendOk(res, await finishAttempt(services, user.id, req.params.id), "Attempt finished");
  });

  return router;
}
