import { createHash } from "node:crypto";
import { type Request, type Response, Router } from "express";
import { isPaperId, type PaperFileKind } from "../../domain/papers.ts";
import { getUser } from "../auth/session.server.ts";
import { isScriptFetch } from "../http/negotiate.server.ts";
import { sendError } from "../http/respond.server.ts";
import { findModelPaper } from "../model-papers/catalog.server.ts";
import { isMadePaperId } from "../model-papers/made.server.ts";
import { madePaperPdf, TypesetBusyError } from "../model-papers/made-pdf.server.ts";
import type { Services } from "../services.server.ts";
import { findPaperFile } from "./catalog.server.ts";
import { ensurePreview } from "./previews.server.ts";
import { etagMatches } from "./routes.server.ts";

const PREVIEW_PATH = /^\/papers\/([a-z0-9-]+)\/(question|solution)\.webp$/;

/**
 * `/papers/:id/question.webp` and `/papers/:id/solution.webp`: the first page of the paper's PDF as an image
 * (decision 033), gated as the PDF is (signed in; a made paper typeset on first request), private to the browser,
 * 404 when the file has none. An image missing because it was never made is made now (one render per file however
 * many ask); one pdf.js cannot draw stays a 404.
 */
export function paperPreviewRouter(services: Services): Router {
  const router = Router();

  const serve = async (req: Request, res: Response, id: string, kind: PaperFileKind): Promise<void> => {
    let sha256: string | undefined;
    if (isMadePaperId(id)) {
      if (!findModelPaper(id)) return notFound(req, res);
      if (!(await getUser(req))) return signInRequired(req, res);
      try {
        sha256 = await madePaperPdf(services.paperStore, id, kind);
      } catch (error) {
        if (!(error instanceof TypesetBusyError)) throw error;
        res.setHeader("Retry-After", "5");
        return sendError(res, 503, "Many new papers are being prepared right now. Please try again in a few seconds.");
      }
    } else {
      const paper = await findPaperFile(services, id, kind);
      if (!paper) return notFound(req, res);
      if (!(await getUser(req))) return signInRequired(req, res);
      sha256 = paper.sha256;
    }
    if (!sha256) return notFound(req, res);
    const image = await ensurePreview(services.paperStore, sha256, services.log);
    if (!image) return notFound(req, res);

    // The image's own bytes: a file re-rendered differently gets a new tag.
    const etag = `"${createHash("sha256").update(image.bytes).digest("base64url").slice(0, 27)}"`;
    res.setHeader("ETag", etag);
    // As the PDF: the browser's own copy, revalidated on every open, so that a replaced paper is seen at once.
    res.setHeader("Cache-Control", "private, no-cache");
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Vary", "Cookie");
    if (etagMatches(req.get("if-none-match"), etag)) return void res.status(304).end();
    res.setHeader("Content-Type", "image/webp");
    res.setHeader("Content-Length", String(image.bytes.byteLength));
    if (req.method === "HEAD") return void res.end();
    res.end(image.bytes);
  };

  router.use((req, res, next) => {
    if (!req.path.startsWith("/papers/") || !req.path.endsWith(".webp")) return next();
    // Matched on the raw path, as the PDF's route does: an encoded slash or dot never becomes part of an id.
    const match = PREVIEW_PATH.exec(req.path);
    const id = match?.[1];
    const kind = match?.[2] as PaperFileKind | undefined;
    if (!id || !kind || !isPaperId(id)) return notFound(req, res);
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("Allow", "GET, HEAD");
      return sendError(res, 405, "Only GET and HEAD are allowed here");
    }
    serve(req, res, id, kind).catch((error: unknown) => {
      services.log.error({ err: error, url: req.originalUrl }, "paper preview failed");
      if (!res.headersSent) sendError(res, 503, "Papers are unavailable right now. Please try again.");
      else res.destroy();
    });
  });
  return router;
}

/** The PDF's answer to a visitor (routes.server.ts), in short: an image has no page to show the way to sign in. */
function signInRequired(req: Request, res: Response): void {
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Vary", "Accept, Sec-Fetch-Mode, Cookie");
  const message = "Sign in to open question papers and solutions.";
  if (isScriptFetch(req)) sendError(res, 401, message);
  else res.status(401).type("text/plain").send(message);
}

function notFound(req: Request, res: Response): void {
  res.setHeader("Cache-Control", "no-store");
  if (isScriptFetch(req)) sendError(res, 404, "No such paper");
  else res.status(404).type("text/plain").send("No such paper");
}
