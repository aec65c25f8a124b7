import express, { type Request, type Response, Router } from "express";
import { REPORT_MESSAGES } from "../../domain/report-schema.ts";
import { getUser } from "../auth/session.server.ts";
import { clientIp, jsonWriteGuard } from "../http/guards.server.ts";
import { sendOk } from "../http/respond.server.ts";
import type { Services } from "../services.server.ts";
import { createReport } from "./reports.server.ts";

/** `POST /api/v1/reports`: "Report a problem" on a paper (issue 15), from anyone, signed in or not. */
export function reportsApiRouter(services: Services): Router {
  const router = Router();

  router.post(
    "/reports",
    jsonWriteGuard(services.config),
    express.json({ limit: "16kb" }),
    async (req: Request, res: Response) => {
      // A signed-in student's report records their account (and counts against it); a visitor's does not.
      const user = await getUser(req);
      const report = await createReport(services, { input: req.body, userId: user?.id ?? null, ip: clientIp(req) });
      res.setHeader("Cache-Control", "no-store");
      // The thank-you only: nothing the student sent is echoed back.
      sendOk(res, { id: report.id }, REPORT_MESSAGES.thanks, 201);
    },
  );

  return router;
}
