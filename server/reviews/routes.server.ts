import express, { type Request, type Response, Router } from "express";
import { z } from "zod";
import { SUBJECTS } from "../../domain/subjects.ts";
import { requireUser } from "../auth/session.server.ts";
import { parseBody } from "../http/body.server.ts";
import { requestNow } from "../http/clock.server.ts";
import { jsonWriteGuard } from "../http/guards.server.ts";
import { sendOk } from "../http/respond.server.ts";
import type { Services } from "../services.server.ts";
import { answerReview, dueReviews, flagItem, listMistakes } from "./notebook.server.ts";

const subjectQuery = z.object({
  subject: z.enum(SUBJECTS.map((s) => s.key) as [string, ...string[]], { error: "No such subject" }).optional(),
});
const itemBody = z.object({ item: z.string({ error: "item is required" }).min(3).max(200) });
/** A review's answer: the marking points ticked, by their index (none ticked is an answer too). */
export const reviewAnswerSchema = z.object({
  points: z
    .array(z.number({ error: "points must be numbers" }).int("points must be whole numbers"), {
      error: "points must be a list of marking points",
    })
    .max(50, "Too many points"),
  // When the answer was given, for one kept on a phone offline and sent later (an ISO instant).
  answered_at: z.iso.datetime({ offset: true, error: "answered_at must be a date and time" }).optional(),
});

/**
 * The mistake notebook and its review (issue 27): `/api/v1/mistakes` and `/api/v1/reviews`. All need a session;
 * another user's item answers 404, as one that does not exist.
 */
export function reviewsApiRouter(services: Services): Router {
  const router = Router();
  const writes = [jsonWriteGuard(services.config), express.json({ limit: "4kb" })];
  const personal = (res: Response) => res.setHeader("Cache-Control", "private, no-store");
  const now = (req: Request) => requestNow(services.config, req);

  router.get("/mistakes", async (req: Request, res: Response) => {
    const user = await requireUser(req);
    const { subject } = parseBody(subjectQuery, req.query);
    personal(res);
    sendOk(res, await listMistakes(services, user.id, subject));
  });

  // A question the student flags goes into the notebook whatever its marks.
  router.post("/mistakes", ...writes, async (req: Request, res: Response) => {
    const user = await requireUser(req);
    const { item } = parseBody(itemBody, req.body);
    await flagItem(services, user.id, item, now(req));
    sendOk(res, null, "Added to your mistakes", 201);
  });

  router.get("/reviews/due", async (req: Request, res: Response) => {
    const user = await requireUser(req);
    personal(res);
    sendOk(res, await dueReviews(services, user.id, now(req)));
  });

  router.post("/reviews/:item", ...writes, async (req: Request, res: Response) => {
    const user = await requireUser(req);
    const { points, answered_at } = parseBody(reviewAnswerSchema, req.body);
    const at = answered_at === undefined ? undefined : new Date(answered_at);
    sendOk(res, await answerReview(services, user.id, String(req.params.item), points, now(req), at));
  });

  return router;
}
