import express, { type Request, type Response, Router } from "express";
import type { z } from "zod";
import { fieldErrors, loginSchema, MESSAGES, signupSchema } from "../../domain/auth.ts";
import { clientIp, jsonWriteGuard } from "../http/guards.server.ts";
import { HttpError, sendError, sendOk } from "../http/respond.server.ts";
import type { Services } from "../services.server.ts";
import { accountKey, createAccount, DuplicateAccountError, verifyCredentials } from "./accounts.server.ts";
import { requestUser } from "./request.server.ts";
import { clearedSessionCookie, createSession, deleteSession, sessionCookie } from "./session.server.ts";

function tooManyAttempts(retryAfter: number): HttpError {
  const minutes = Math.max(1, Math.ceil(retryAfter / 60));
  return new HttpError(429, `Too many attempts, try again in ${minutes} minute${minutes === 1 ? "" : "s"}`, {
    headers: { "Retry-After": String(retryAfter) },
  });
}

function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new HttpError(400, "Request body must be a JSON object");
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    const errors = fieldErrors(result.error);
    const [field, message] = Object.entries(errors)[0] ?? ["body", "Invalid request"];
    throw new HttpError(400, `${field}: ${message}`, { errors });
  }
  return result.data;
}

async function startSession(services: Services, res: Response, userId: string) {
  const { token, expiresAt } = await createSession(services, userId);
  res.append("Set-Cookie", sessionCookie(services.config, token, expiresAt));
}

/** signup, login, logout and me (spec §7), mounted under /api/v1. */
export function accountsApiRouter(services: Services): Router {
  const router = Router();
  const limits = services.authLimits;
  const limiter = services.rateLimiter;
  const writes = [jsonWriteGuard(services.config), express.json({ limit: "16kb" })];

  router.post("/signup", ...writes, async (req: Request, res: Response) => {
    const ipKey = `signup:ip:${clientIp(req)}`;
    const attempt = await limiter.hit(ipKey, limits.signupWindowMs);
    if (attempt.count > limits.signupPerIp) throw tooManyAttempts(attempt.retryAfter);
    const input = parseBody(signupSchema, req.body);
    try {
      const { user, session } = await createAccount(services, input);
      res.append("Set-Cookie", sessionCookie(services.config, session.token, session.expiresAt));
      sendOk(res, { user_id: user.id, name: user.name, role: user.role }, "User signed up", 201);
    } catch (error) {
      if (error instanceof DuplicateAccountError) {
        return sendError(res, 409, error.message, { [error.field]: error.message });
      }
      throw error;
    }
  });

  router.post("/login", ...writes, async (req: Request, res: Response) => {
    const input = parseBody(loginSchema, req.body);
    const accountLimitKey = `login:acct:${accountKey(input)}`;
    const ipLimitKey = `login:ip:${clientIp(req)}`;
    const [byAccount, byIp] = await Promise.all([limiter.peek(accountLimitKey), limiter.peek(ipLimitKey)]);
    if (byAccount.count >= limits.loginPerAccount) throw tooManyAttempts(byAccount.retryAfter);
    if (byIp.count >= limits.loginPerIp) throw tooManyAttempts(byIp.retryAfter);

    const user = await verifyCredentials(services, input);
    if (!user) {
      await Promise.all([
        limiter.hit(accountLimitKey, limits.loginWindowMs),
        limiter.hit(ipLimitKey, limits.loginWindowMs),
      ]);
      return sendError(res, 401, MESSAGES.invalidCredentials);
    }
    await limiter.reset(accountLimitKey);
    await startSession(services, res, user.id);
    sendOk(res, { user_id: user.id, name: user.name, role: user.role }, MESSAGES.loggedIn);
  });

  // The body's user_id is accepted for old clients and ignored: only the cookie says who is leaving.
  router.post("/logout", ...writes, async (req: Request, res: Response) => {
    await deleteSession(services, req.headers.cookie);
    res.append("Set-Cookie", clearedSessionCookie(services.config));
    sendOk(res, null, "User logged out");
  });

  router.get("/me", async (req: Request, res: Response) => {
    res.setHeader("Cache-Control", "private, no-store");
    const user = await requestUser(services, req, res);
    if (!user) return sendError(res, 401, "Not signed in");
    sendOk(res, { user_id: user.id, name: user.name, role: user.role });
  });

  return router;
}
