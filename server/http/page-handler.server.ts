/**
 * React Router's request handler for pages, in place of `@react-router/express`'s (decision 017): the same
 * 60 lines, plus what a public site needs before a page's action runs.
 *
 * - A page form's body is read here, at most PAGE_FORM_LIMIT bytes: a larger one is answered 413 with
 *   `Connection: close` without reading the rest (an anonymous 200 MB post used to be buffered whole).
 * - Only the two form encodings reach an action; anything else (JSON, text/plain) is a 415, and a body the
 *   browser's own parser cannot read (broken multipart) a 400, instead of a 500 from `request.formData()`.
 * - The request's URL is built from the path only, so an absolute-form target (`GET http://host/x`) works.
 */
import { writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import getRawBody from "raw-body";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";

/** A page form (sign-in, report, practice marks) is a few KB; the API's JSON bodies have the same limit. */
export const PAGE_FORM_LIMIT = 16 * 1024;
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

export interface PageHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "development" | "production";
  getLoadContext: (req: Request, res: Response) => RouterContextProvider;
}

export function pageHandler({ build, mode, getLoadContext }: PageHandlerOptions): RequestHandler {
  const handle = createRequestHandler(build, mode);
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      let body: Buffer | undefined;
      if (req.method !== "GET" && req.method !== "HEAD") {
        const read = await readPageForm(req);
        if (typeof read === "number") return void refuse(res, read);
        body = read;
      }
      const request = routerRequest(req, res, body);
      if (body && !(await formReadable(request))) return void refuse(res, 400);
      await send(res, await handle(request, getLoadContext(req, res)));
    } catch (error) {
      next(error);
    }
  };
}

const REFUSALS: Record<number, string> = {
  400: "The form could not be read. Please go back and send it again.",
  413: "The form is too large. Please go back, shorten what you wrote and send it again.",
  415: "Forms on this site are sent as web forms only.",
};

function refuse(res: Response, status: number): void {
  // After a 413 the rest of the body is not read: closing the connection is what stops it.
  if (status === 413) res.setHeader("Connection", "close");
  res
    .status(status)
    .type("text/plain")
    .send(REFUSALS[status] ?? "Bad request");
}

/** The body of a page form post, or the status that refuses it. */
async function readPageForm(req: Request): Promise<Buffer | number> {
  const type = (req.get("content-type") ?? "").split(";", 1)[0]?.trim().toLowerCase() ?? "";
  const length = req.get("content-length");
  if (length !== undefined && Number(length) > PAGE_FORM_LIMIT) return 413;
  if (!type && (length === "0" || (length === undefined && req.get("transfer-encoding") === undefined))) {
    return Buffer.alloc(0); // a post without a body (a bare button)
  }
  if (!FORM_TYPES.has(type)) return 415;
  try {
    return await getRawBody(req, { limit: PAGE_FORM_LIMIT, length });
  } catch (error) {
    const status = (error as { status?: number }).status;
    return status === 413 ? 413 : 400;
  }
}

/** Whether the browser's form parser, which the actions use, can read the body. */
async function formReadable(request: globalThis.Request): Promise<boolean> {
  try {
    await request.clone().formData();
    return true;
  } catch {
    return false;
  }
}

function routerRequest(req: Request, res: Response, body: Buffer | undefined): globalThis.Request {
  // The Host was checked before (server/app.server.ts); the path is always origin-form by then.
  // Joined as text, not resolved against a base: `//evil.example/x` is a path here, not another host.
  const url = new URL(`${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`);
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  return new Request(url, {
    method: req.method,
    headers,
    body: body ? new Uint8Array(body) : undefined,
    signal: controller.signal,
  });
}

async function send(res: Response, response: globalThis.Response): Promise<void> {
  if (res.destroyed || res.writableEnded) return void (await response.body?.cancel());
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (!response.body) return void res.end();
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
