import { createHash } from "node:crypto";
import type { Router } from "express";
import type { Services } from "../services.server.ts";
import { ensurePreview } from "./previews.server.ts";
import { etagMatches, gatedPaperFile, paperFileRoute, sendNotFound } from "./routes.server.ts";

/**
 * `/papers/:id/question.webp` and `/papers/:id/solution.webp`: the first page of the paper's PDF as an image
 * (decision 033), gated as the PDF is (`gatedPaperFile`: signed in; a made paper typeset on first request),
 * private to the browser, 404 when the file has none. An image missing because it was never made is made now (one
 * render per file however many ask); one pdf.js cannot draw stays a 404.
 */
export function paperPreviewRouter(services: Services): Router {
  return paperFileRoute(services, "webp", "paper preview failed", async (req, res, id, kind) => {
    const paper = await gatedPaperFile(services, req, res, id, kind);
    if (!paper) return;
    const image = await ensurePreview(services.paperStore, paper.sha256, services.log);
    if (!image) return sendNotFound(req, res);

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
  });
}
