import path from "node:path";
import express, { type NextFunction, type Request, type Response, Router } from "express";
import { auditQuerySchema, catalogueFilterSchema, uploadSlotSchema, yearNoteInputSchema } from "../../domain/admin.ts";
import { parseBody } from "../http/body.server.ts";
import { isSameOrigin, jsonWriteGuard } from "../http/guards.server.ts";
import { HttpError, sendOk } from "../http/respond.server.ts";
import { reportsAdminRouter } from "../reports/admin-routes.server.ts";
import type { Services } from "../services.server.ts";
import { listAudit } from "./audit-log.server.ts";
import { requireAdmin } from "./auth.server.ts";
import {
  checkAdminRateLimit,
  getCataloguePaper,
  listCatalogue,
  restorePaper,
  retirePaper,
  slotOfPaper,
  uploadEntry,
  uploadPaper,
} from "./catalogue.server.ts";
import { discardUpload, type ReceivedUpload, receiveUpload } from "./upload.server.ts";
import { createYearNote, deleteYearNote, listYearNotes, updateYearNote } from "./year-notes.server.ts";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);
/** The two multipart endpoints: a new paper, and a file replacement for an existing one. */
const UPLOAD_PATH = /^\/papers(?:\/[^/]+\/files)?\/?$/;

/**
 * CSRF defence for the console's writes. Uploads are multipart, which a cross-site form can send, so
 * they must carry our own Origin (browsers send it on every POST); JSON writes get the API's usual
 * guard; a DELETE, which no form can send, only must not come from another origin.
 */
function writeGuard(services: Services) {
  const json = [jsonWriteGuard(services.config), express.json({ limit: "16kb" })];
  return (req: Request, res: Response, next: NextFunction) => {
    if (READS.has(req.method)) return next();
    if (req.method === "POST" && UPLOAD_PATH.test(req.path)) {
      const origin = req.get("origin");
      if (origin === undefined || !isSameOrigin(services.config, origin)) {
        return next(new HttpError(403, "Cross-site request refused"));
      }
      if (!req.is("multipart/form-data")) return next(new HttpError(415, "Content-Type must be multipart/form-data"));
      return next();
    }
    if (req.method === "DELETE" && !req.get("content-type")) {
      return next(
        isSameOrigin(services.config, req.get("origin")) ? undefined : new HttpError(403, "Cross-site request refused"),
      );
    }
    const [guard, parse] = json;
    guard?.(req, res, (error?: unknown) => (error ? next(error) : parse?.(req, res, next)));
  };
}

function noteId(value: string | undefined): number {
  if (!value || !/^\d{1,9}$/.test(value)) throw new HttpError(404, "No such year note");
  return Number(value);
}

/** `/api/v1/admin/*`: the admin console's actions (issue 15). Anyone but an admin gets 404. */
export function adminApiRouter(services: Services): Router {
  const router = Router();
  const admin = Router();
  const tmpDir = path.join(services.config.dataDir, "tmp");

  // First, before anything else reads the request: a visitor or a student is told nothing exists here,
  // with the body any unknown endpoint gets.
  router.use(
    "/admin",
    async (req: Request, res: Response, next: NextFunction) => {
      await requireAdmin(req);
      res.setHeader("Cache-Control", "private, no-store");
      next();
    },
    admin,
  );

  // The CSRF guard first: a write it refuses was never the admin's, so it must not use up their limit (issue 23).
  admin.use(writeGuard(services));
  admin.use(async (req: Request, _res: Response, next: NextFunction) => {
    if (!READS.has(req.method)) await checkAdminRateLimit(services, await requireAdmin(req));
    next();
  });

  admin.get("/papers", async (req: Request, res: Response) => {
    const filter = parseBody(catalogueFilterSchema, req.query);
    sendOk(res, await listCatalogue(services, filter));
  });

  admin.get("/papers/:id", async (req: Request, res: Response) => {
    const id = String(req.params.id);
    const paper = await getCataloguePaper(services, id);
    if (!paper) throw new HttpError(404, "No such paper");
    sendOk(res, { paper, history: await listAudit(services, { paperId: id, limit: 200 }) });
  });

  /** Receives the upload, hands it to `use`, and removes its temporary files whatever happens. */
  async function withUpload<T>(
    req: Request,
    beforeFiles: ((fields: Record<string, string>) => void) | undefined,
    use: (upload: ReceivedUpload) => Promise<T>,
  ): Promise<T> {
    const upload = await receiveUpload(req, { tmpDir, beforeFiles });
    try {
      return await use(upload);
    } finally {
      await discardUpload(upload);
    }
  }

  admin.post("/papers", async (req: Request, res: Response) => {
    const who = await requireAdmin(req);
    const slotOf = (fields: Record<string, string>) => parseBody(uploadSlotSchema, fields);
    const result = await withUpload(req, slotOf, (upload) =>
      uploadPaper(services, who, uploadEntry(slotOf(upload.fields)), upload.files),
    );
    sendOk(res, result, outcomeMessage(result.outcome), 201);
  });

  admin.post("/papers/:id/files", async (req: Request, res: Response) => {
    const who = await requireAdmin(req);
    // Before the body is read: a wrong id or a model paper costs no transfer.
    const target = await slotOfPaper(services, String(req.params.id));
    const result = await withUpload(req, undefined, (upload) => uploadPaper(services, who, target, upload.files));
    sendOk(res, result, outcomeMessage(result.outcome));
  });

  admin.post("/papers/:id/retire", async (req: Request, res: Response) => {
    const paper = await retirePaper(services, await requireAdmin(req), String(req.params.id));
    sendOk(res, { paper }, "Paper retired");
  });

  admin.post("/papers/:id/restore", async (req: Request, res: Response) => {
    const paper = await restorePaper(services, await requireAdmin(req), String(req.params.id));
    sendOk(res, { paper }, "Paper restored");
  });

  admin.get("/year-notes", async (_req: Request, res: Response) => {
    sendOk(res, await listYearNotes(services));
  });

  admin.post("/year-notes", async (req: Request, res: Response) => {
    const input = parseBody(yearNoteInputSchema, req.body);
    sendOk(res, await createYearNote(services, await requireAdmin(req), input), "Year note added", 201);
  });

  admin.put("/year-notes/:id", async (req: Request, res: Response) => {
    const id = noteId(req.params.id as string | undefined);
    const input = parseBody(yearNoteInputSchema, req.body);
    sendOk(res, await updateYearNote(services, await requireAdmin(req), id, input), "Year note saved");
  });

  admin.delete("/year-notes/:id", async (req: Request, res: Response) => {
    await deleteYearNote(services, await requireAdmin(req), noteId(req.params.id as string | undefined));
    sendOk(res, null, "Year note deleted");
  });

  admin.get("/audit", async (req: Request, res: Response) => {
    const query = parseBody(auditQuerySchema, req.query);
    sendOk(res, await listAudit(services, { paperId: query.paper, adminId: query.admin, before: query.before }));
  });

  // The reports inbox (server/reports), behind the same admin check, rate limit and CSRF guard.
  admin.use(reportsAdminRouter(services));

  return router;
}

function outcomeMessage(outcome: string): string {
  if (outcome === "imported") return "Paper uploaded";
  if (outcome === "replaced") return "Paper replaced";
  return "Nothing changed: the paper already has these files";
}
