import { createHash } from "node:crypto";
import { pipeline } from "node:stream/promises";
import { type Request, type RequestHandler, type Response, Router } from "express";
import type { Medium } from "../../domain/catalog.ts";
import { isPaperId, modelPaperFileName, type PaperFileKind, parseGetQuestionQuery } from "../../domain/papers.ts";
import { type SubjectKey, subjectByKey, subjectPath } from "../../domain/subjects.ts";
import { getUser } from "../auth/session.server.ts";
import { type EncodedBody, encodeBody, sendEncoded } from "../http/encoded-body.server.ts";
import { escapeHtml } from "../http/escape.server.ts";
import { isScriptFetch } from "../http/negotiate.server.ts";
import { type ApiBody, sendError, sendOk } from "../http/respond.server.ts";
import { findModelPaper, modelPaperListing } from "../model-papers/catalog.server.ts";
import { isMadePaperId } from "../model-papers/made.server.ts";
import { madePaperPdf, TypesetBusyError } from "../model-papers/made-pdf.server.ts";
import { questionBankSummary } from "../model-papers/question-bank.server.ts";
import type { Services } from "../services.server.ts";
import { findPaperFile, getPaperListing, type YearGroup } from "./catalog.server.ts";
import { keptFileBytes, smallFileBytes } from "./file-bytes.server.ts";
import { parseRange } from "./range.server.ts";

/** True when the If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for GET). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const bare = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === bare);
}

interface ListingAnswer {
  body: EncodedBody;
  etag: string;
}

/**
 * get-question's answers, by the listing they serialise: the listing cache hands every request within
 * its TTL the same array, so the envelope is serialised, tagged and gzipped once per listing and TTL,
 * not once per request (decision 014). Collected with the listing.
 */
const listingAnswers = new WeakMap<YearGroup[], ListingAnswer>();

function listingAnswer(data: YearGroup[]): ListingAnswer {
  let answer = listingAnswers.get(data);
  if (!answer) {
    const message = data.length ? "OK" : "No papers yet for this subject and medium";
    const body = JSON.stringify({ meta: { success: true, message }, data } satisfies ApiBody<YearGroup[]>);
    // The tag hashes exactly the body sent, so it changes whenever the body does.
    answer = {
      body: encodeBody(body),
      etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
    };
    listingAnswers.set(data, answer);
  }
  return answer;
}

/**
 * `GET /api/v1/get-question`, the exam-eve crowd's hottest request: mounted by the app as a route of its
 * own, ahead of the API's routers and the compression middleware, since its bodies are compressed once
 * per listing (decision 014).
 */
export function getQuestionHandler(services: Services): RequestHandler {
  return async (req, res) => {
    const parsed = parseGetQuestionQuery(req.query as Record<string, unknown>);
    if (!parsed.ok) return sendError(res, 400, parsed.message, parsed.errors);
    // A database outage is answered by the app's error handler: 503 "Service temporarily unavailable".
    const answer = listingAnswer(await getPaperListing(services, parsed.query));
    res.setHeader("ETag", answer.etag);
    res.setHeader("Cache-Control", "public, max-age=60");
    if (etagMatches(req.get("if-none-match"), answer.etag)) return void res.status(304).end();
    sendEncoded(req, res, answer.body, "application/json; charset=utf-8");
  };
}

/** `GET /api/v1/model-papers` and `GET /api/v1/question-bank` (mounted under /api/v1). */
export function papersApiRouter(services: Services): Router {
  const router = Router();
  // Public answers about a subject and medium, with get-question's envelope, validation and caching.
  const bySubject = <T>(
    route: string,
    load: (subject: SubjectKey, medium: Medium) => Promise<T>,
    empty: (data: T) => string | null,
  ) =>
    router.get(route, async (req, res) => {
      const parsed = parseGetQuestionQuery(req.query as Record<string, unknown>);
      if (!parsed.ok) return sendError(res, 400, parsed.message, parsed.errors);
      const data = await load(parsed.query.subject, parsed.query.medium);
      res.setHeader("Cache-Control", "public, max-age=60");
      sendOk(res, data, empty(data) ?? "OK");
    });
  // PaperStation's own model papers.
  bySubject(
    "/model-papers",
    (subject, medium) => modelPaperListing(services, subject, medium),
    (data) => (data.length ? null : "No model papers yet for this subject and medium"),
  );
  // The subject's chapters with the number of practice items each has (issue 25 §4).
  bySubject(
    "/question-bank",
    (subject, medium) => questionBankSummary(services, subject, medium),
    (data) => (data.items ? null : "No practice items yet for this subject and medium"),
  );
  return router;
}

function sendSignInRequired(req: Request, res: Response, subjectPagePath: string): null {
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Vary", "Accept, Sec-Fetch-Mode, Cookie");
  const message = "Sign in to open question papers and solutions.";
  if (isScriptFetch(req)) {
    sendError(res, 401, message);
    return null;
  }
  const loginUrl = `/login?redirectTo=${encodeURIComponent(subjectPagePath)}`;
  res
    .status(401)
    .type("html")
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Sign in to open this paper | PaperStation</title></head>` +
        `<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5"><h1>Sign in to open this paper</h1><p>${escapeHtml(message)} It is free.</p>` +
        `<p><a href="${escapeHtml(loginUrl)}">Sign in or create an account</a></p><p><a href="${escapeHtml(subjectPagePath)}">Back to the papers</a></p></body></html>`,
    );
  return null;
}

/** Errors that only mean the reader closed the connection (before or during the download). */
const CLIENT_GONE = new Set(["ERR_STREAM_PREMATURE_CLOSE", "ERR_STREAM_UNABLE_TO_PIPE", "ECONNRESET", "EPIPE"]);

/** A paper file the address names, with what its answer needs. */
export type GatedPaperFile = NonNullable<Awaited<ReturnType<typeof findPaperFile>>>;

/**
 * The file a paper's address names, for a signed-in reader only: the PDF's route and its first-page image's
 * (./preview-route.server.ts) gate alike. A made paper is typeset first (issue 25 §3). It answers the request
 * itself when there is nothing to send (404, the sign-in 401, 503 while typesetting is busy), and is null then.
 */
export async function gatedPaperFile(
  services: Services,
  req: Request,
  res: Response,
  id: string,
  kind: PaperFileKind,
): Promise<GatedPaperFile | null> {
  if (isMadePaperId(id)) {
    const made = findModelPaper(id);
    if (!made) return sendNotFound(req, res);
    if (!(await getUser(req))) return sendSignInRequired(req, res, subjectPath(subjectByKey(made.subject)));
    let sha256: string | undefined;
    try {
      sha256 = await madePaperPdf(services.paperStore, id, kind);
    } catch (error) {
      if (!(error instanceof TypesetBusyError)) throw error;
      res.setHeader("Retry-After", "5");
      sendError(res, 503, "Many new papers are being prepared right now. Please try again in a few seconds.");
      return null;
    }
    if (!sha256) return sendNotFound(req, res);
    return { id, subject: made.subject, sha256, fileName: modelPaperFileName(id, kind) };
  }
  const paper = await findPaperFile(services, id, kind);
  if (!paper) return sendNotFound(req, res);
  if (!(await getUser(req))) return sendSignInRequired(req, res, subjectPath(subjectByKey(paper.subject)));
  return paper;
}

/**
 * `/papers/:id/(question|solution).<extension>`, GET and HEAD: the address matched on the raw path, before any
 * percent-decoding (an encoded slash, dot or NUL can never become part of an id, and a malformed escape is a 404
 * rather than a decoding error), other methods a 405, and a failure a 503 (logged as `failure`).
 */
export function paperFileRoute(
  services: Services,
  extension: "pdf" | "webp",
  failure: string,
  serve: (req: Request, res: Response, id: string, kind: PaperFileKind) => Promise<unknown>,
): Router {
  const router = Router();
  const path = new RegExp(`^/papers/([a-z0-9-]+)/(question|solution)\\.${extension}$`);
  router.use((req, res, next) => {
    if (!req.path.startsWith("/papers/") || !req.path.endsWith(`.${extension}`)) return next();
    const match = path.exec(req.path);
    const id = match?.[1];
    const kind = match?.[2] as PaperFileKind | undefined;
    if (!id || !kind || !isPaperId(id)) return void sendNotFound(req, res);
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("Allow", "GET, HEAD");
      return sendError(res, 405, "Only GET and HEAD are allowed here");
    }
    serve(req, res, id, kind).catch((error: unknown) => {
      services.log.error({ err: error, url: req.originalUrl }, failure);
      if (!res.headersSent) sendError(res, 503, "Papers are unavailable right now. Please try again.");
      else res.destroy();
    });
  });
  return router;
}

/** `/papers/:id/question.pdf` and `/papers/:id/solution.pdf`: signed-in PDF delivery. */
export function paperFilesRouter(services: Services): Router {
  return paperFileRoute(services, "pdf", "paper delivery failed", async (req, res, id, kind) => {
    const paper = await gatedPaperFile(services, req, res, id, kind);
    if (!paper) return;
    // A small file read before is in memory: no stat, no stream (./file-bytes.server.ts).
    let bytes = keptFileBytes(services.paperStore, paper.sha256);
    const file = bytes
      ? { sha256: paper.sha256, size: bytes.byteLength }
      : await services.paperStore.stat(paper.sha256);
    if (!file) {
      services.log.error({ paperId: id, kind, sha256: paper.sha256 }, "catalogue names a file missing from the store");
      return sendNotFound(req, res);
    }

    const etag = `"${file.sha256}"`;
    res.setHeader("ETag", etag);
    // Revalidated on every open (issue 23): a replaced paper is seen at once, and an unchanged one costs a 304.
    res.setHeader("Cache-Control", "private, no-cache");
    res.setHeader("Accept-Ranges", "bytes");
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Vary", "Cookie");
    if (etagMatches(req.get("if-none-match"), etag)) return void res.status(304).end();

    res.setHeader("Content-Type", "application/pdf");
    res.setHeader("Content-Disposition", `inline; filename="${paper.fileName}"`);

    // If-Range names the version the client already holds part of; a different (or date) validator
    // means its pieces are stale, so it gets the whole file instead of a mismatched range.
    const ifRange = req.get("if-range");
    const rangeHeader = ifRange === undefined || ifRange.trim() === etag ? req.get("range") : undefined;
    const range = parseRange(rangeHeader, file.size);
    if (range.kind === "unsatisfiable") {
      res.removeHeader("Content-Disposition");
      res.setHeader("Content-Range", `bytes */${file.size}`);
      return sendError(res, 416, "Requested range not satisfiable");
    }
    const partial = range.kind === "partial" ? range : undefined;
    if (partial) {
      res.status(206);
      res.setHeader("Content-Range", `bytes ${partial.start}-${partial.end}/${file.size}`);
      res.setHeader("Content-Length", String(partial.end - partial.start + 1));
    } else {
      res.status(200);
      res.setHeader("Content-Length", String(file.size));
    }
    if (req.method === "HEAD") return void res.end();
    // A small file's first reader reads it whole, once, for every reader after (the viewer's next range, the next
    // student); a large one is streamed.
    bytes ??= await smallFileBytes(services.paperStore, file);
    if (bytes) return void res.end(partial ? bytes.subarray(partial.start, partial.end + 1) : bytes);
    const stream = services.paperStore.stream(file.sha256, partial);
    // The reader may have gone while we looked up the session and the file: nothing to send then.
    if (res.destroyed) return void stream.destroy();
    try {
      await pipeline(stream, res);
    } catch (error) {
      // A reader that closes the tab mid-download is normal; anything else is worth a line.
      if (!CLIENT_GONE.has((error as NodeJS.ErrnoException).code ?? "")) {
        services.log.warn({ err: error, paperId: id }, "paper download failed");
      }
      res.destroy();
    }
  });
}

export function sendNotFound(req: Request, res: Response): null {
  res.setHeader("Cache-Control", "no-store");
  if (isScriptFetch(req)) sendError(res, 404, "No such paper");
  else res.status(404).type("text/plain").send("No such paper");
  return null;
}
