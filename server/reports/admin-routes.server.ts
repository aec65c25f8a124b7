import { type Request, type Response, Router } from "express";
import { reportListQuerySchema, reportStatusSchema } from "../../domain/report-schema.ts";
import { requireAdmin } from "../admin/auth.server.ts";
import { parseBody } from "../http/body.server.ts";
import { sendOk } from "../http/respond.server.ts";
import type { Services } from "../services.server.ts";
import { listReports, setReportStatus } from "./reports.server.ts";

/**
 * `/api/v1/admin/reports*`: the admins' inbox (issue 15). Mounted by the admin router behind its guard: the
 * admin check (404 for anyone else), the admin write limit (checkAdminRateLimit) and the JSON write guard
 * have run before these handlers, so they are not repeated here.
 */
export function reportsAdminRouter(services: Services): Router {
  const router = Router();

  router.get("/reports", async (req: Request, res: Response) => {
    const query = parseBody(reportListQuerySchema, req.query);
    sendOk(res, await listReports(services, { status: query.status }));
  });

  router.post("/reports/:id/status", async (req: Request<{ id: string }>, res: Response) => {
    const { status } = parseBody(reportStatusSchema, req.body);
    const report = await setReportStatus(services, await requireAdmin(req), req.params.id, status);
    sendOk(res, report, "Report updated");
  });

  return router;
}
