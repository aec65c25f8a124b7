import express, { type Request, type Response, Router } from "express";
import {
  ageAnswerSchema,
  deleteAccountSchema,
  loginSchema,
  MESSAGES,
  parentEmailChangeSchema,
  resetPasswordSchema,
  resetRequestSchema,
  signupSchema,
  withdrawSchema,
} from "../../domain/auth.ts";
import { AGE_MESSAGES, CONSENT_MESSAGES } from "../../domain/consent.ts";
import { parseBody } from "../http/body.server.ts";
import { clientIp, jsonWriteGuard } from "../http/guards.server.ts";
import { HttpError, sendError, sendOk } from "../http/respond.server.ts";
import type { Services } from "../services.server.ts";
import { type AuthOutcome, changeWaitingParentEmail, signIn, signUp } from "./accounts.server.ts";
import { declareAge } from "./age.server.ts";
import { childrenProgress } from "./children.server.ts";
import { answerConsent, withdrawConsent } from "./consent.server.ts";
import {
  RESET_DONE,
  RESET_LINK_INVALID,
  RESET_REQUESTED,
  requestPasswordReset,
  resetPassword,
} from "./password-reset.server.ts";
import { deleteAccount, exportAccount } from "./profile.server.ts";
import { destroySession, getUser, requireUser } from "./session.server.ts";

/**
 * The API's answer for a sign-in or sign-up: the session cookie and the user, or the refusal. Over the limits, the
 * flows throw the site's one 429, which the error handler sends.
 */
function sendOutcome(res: Response, outcome: AuthOutcome, message: string, status = 200) {
  if (!outcome.ok && "waitingFor" in outcome) {
    // Under 18: the parent was emailed; the account starts when they agree (decision 028).
    if (outcome.status === 202) {
      return sendOk(res, { consent: "waiting", parent_email: outcome.waitingFor.parentEmail }, outcome.message, 202);
    }
    return sendError(res, outcome.status, outcome.message);
  }
  if (!outcome.ok) {
    return sendError(
      res,
      outcome.status,
      outcome.message,
      outcome.field ? { [outcome.field]: outcome.message } : undefined,
    );
  }
  for (const cookie of outcome.cookies) res.append("Set-Cookie", cookie);
  const { user } = outcome;
  // Beyond the spec's fields: the account's language (this device now has it too), and whether the account must
  // still say if it is under 18 (decision 028, amended): until then, study-record writes are refused.
  const extra = { locale: outcome.locale, age_required: user.ageGroup === null };
  sendOk(res, { user_id: user.id, name: user.name, role: user.role, ...extra }, message, status);
}

const WRONG_PASSWORD = "That is not your current password";

/** signup, login, logout and me (spec §7), and the password reset (issue 26), mounted under /api/v1. */
export function accountsApiRouter(services: Services): Router {
  const router = Router();
  const writes = [jsonWriteGuard(services.config), express.json({ limit: "16kb" })];

  router.post("/signup", ...writes, async (req: Request, res: Response) => {
    sendOutcome(res, await signUp(req, parseBody(signupSchema, req.body)), "User signed up", 201);
  });

  router.post("/login", ...writes, async (req: Request, res: Response) => {
    sendOutcome(res, await signIn(req, parseBody(loginSchema, req.body)), MESSAGES.loggedIn);
  });

  // The body's user_id is accepted for old clients and ignored: only the cookie says who is leaving.
  router.post("/logout", ...writes, async (req: Request, res: Response) => {
    res.append("Set-Cookie", await destroySession(req));
    sendOk(res, null, "User logged out");
  });

  // Who am I: a visitor is an answer, not an error (issue 23): 200 with `data: null`, so that pages asking after a
  // sign-out do not log a failed request in the console.
  router.get("/me", async (req: Request, res: Response) => {
    res.setHeader("Cache-Control", "private, no-store");
    const user = await getUser(req);
    if (!user) return void sendOk(res, null, "Not signed in");
    sendOk(res, { user_id: user.id, name: user.name, role: user.role });
  });

  // "Download my data" (issue 26): everything stored about the account, as one JSON file.
  router.get("/me/data", async (req: Request, res: Response) => {
    res.setHeader("Cache-Control", "private, no-store");
    const user = await requireUser(req);
    const data = await exportAccount(services, user.id);
    if (!data) throw new HttpError(401, "Not signed in");
    const day = data.exportedAt.slice(0, 10);
    res.setHeader("Content-Disposition", `attachment; filename="paperstation-my-data-${day}.json"`);
    res.type("application/json").send(JSON.stringify(data, null, 2));
  });

  // Deleting the account: the password and `confirm: true`. Everything of the account goes in one statement.
  router.delete("/me", ...writes, async (req: Request, res: Response) => {
    const user = await requireUser(req);
    const input = parseBody(deleteAccountSchema, req.body);
    if (!(await deleteAccount(services, user.id, input.password))) {
      throw new HttpError(400, WRONG_PASSWORD, { errors: { password: WRONG_PASSWORD } });
    }
    res.append("Set-Cookie", await destroySession(req));
    sendOk(res, null, "Account deleted");
  });

  // The same 202 and body whether or not an account matches (server/auth/password-reset.server.ts).
  router.post("/password-reset", ...writes, async (req: Request, res: Response) => {
    const input = parseBody(resetRequestSchema, req.body);
    await requestPasswordReset(services, clientIp(req), input.email_or_phone, input.lang ?? "en");
    sendOk(res, null, RESET_REQUESTED, 202);
  });

  // A new password through an emailed link: every session of the account ends, this browser's too.
  router.post("/password-reset/confirm", ...writes, async (req: Request, res: Response) => {
    const input = parseBody(resetPasswordSchema, req.body);
    if (!(await resetPassword(services, input.token, input.password))) throw new HttpError(400, RESET_LINK_INVALID);
    res.append("Set-Cookie", await destroySession(req));
    sendOk(res, null, RESET_DONE);
  });

  // A parent's answer to the consent link (decision 028): agree (with a new parent account when the email has
  // none) or decline. A new parent account is signed in.
  router.post("/parent-consent", ...writes, async (req: Request, res: Response) => {
    if (typeof req.body !== "object" || req.body === null || Array.isArray(req.body)) {
      throw new HttpError(400, "Request body must be a JSON object");
    }
    const answer = await answerConsent(services, req.body);
    if (answer.done === false) throw new HttpError(answer.status, answer.message, { errors: answer.errors });
    if (answer.done === "declined") return void sendOk(res, null, CONSENT_MESSAGES.declined);
    if (answer.cookie) res.append("Set-Cookie", answer.cookie);
    sendOk(res, { child_name: answer.childName }, CONSENT_MESSAGES.agreed);
  });

  // "Are you under 18?" for an account that has not said (decision 028, amended 2026-11-29): once. Under 18, the
  // parent is mailed and the account's sessions end until they agree (202), as at sign-up.
  router.post("/me/age", ...writes, async (req: Request, res: Response) => {
    const user = await requireUser(req);
    const input = parseBody(ageAnswerSchema, req.body);
    const outcome = await declareAge(services, user.id, input);
    if (outcome.done === "adult") return void sendOk(res, { age_group: "adult" }, AGE_MESSAGES.ageAdult);
    if (outcome.done === "minor") {
      res.append("Set-Cookie", await destroySession(req));
      const body = { age_group: "minor", consent: "waiting", parent_email: outcome.parentEmail };
      return void sendOk(res, body, CONSENT_MESSAGES.asked, 202);
    }
    if (outcome.reason === "known") throw new HttpError(409, AGE_MESSAGES.ageKnown);
    if (outcome.reason === "gone") throw new HttpError(401, "Not signed in");
    throw new HttpError(400, outcome.message, { errors: { parent_email: outcome.message } });
  });

  // A waiting account's new parent's email (decision 028, amended): the sign-in's credentials, since it has no
  // session. The old link stops working; the 7 days still count from sign-up; at most CONSENT_MAX_SENDS emails.
  router.post("/parent-consent/parent-email", ...writes, async (req: Request, res: Response) => {
    const input = parseBody(parentEmailChangeSchema, req.body);
    const outcome = await changeWaitingParentEmail(req, input);
    if (!outcome.ok)
      throw new HttpError(outcome.status, outcome.message, outcome.errors ? { errors: outcome.errors } : {});
    const body = { consent: "waiting", parent_email: outcome.parentEmail, delete_at: outcome.deleteAt.toISOString() };
    sendOk(res, body, AGE_MESSAGES.parentEmailChanged, 202);
  });

  // A parent's children, each with the progress summary the student's own /progress shows.
  router.get("/me/children", async (req: Request, res: Response) => {
    res.setHeader("Cache-Control", "private, no-store");
    const user = await requireUser(req);
    sendOk(res, await childrenProgress(services, user.id));
  });

  // Withdrawing consent deletes the child's account with everything in it.
  router.delete("/me/children/:id", ...writes, async (req: Request, res: Response) => {
    const user = await requireUser(req);
    const input = parseBody(withdrawSchema, req.body);
    const outcome = await withdrawConsent(services, user.id, String(req.params.id), input.password);
    if (outcome === "wrongPassword") {
      throw new HttpError(400, WRONG_PASSWORD, { errors: { password: WRONG_PASSWORD } });
    }
    if (outcome === "noSuchChild") throw new HttpError(404, CONSENT_MESSAGES.noSuchChild);
    sendOk(res, null, CONSENT_MESSAGES.withdrawn);
  });

  return router;
}
