import type { Response } from "express";

/** The API's one envelope (spec §7): `{ meta: { success, message }, data }`. */
export interface ApiBody<T = unknown> {
  meta: { success: boolean; message: string; errors?: Record<string, string> };
  data: T;
}

export function sendOk<T>(res: Response, data: T, message = "OK", status = 200): void {
  res.status(status).json({ meta: { success: true, message }, data } satisfies ApiBody<T>);
}

export function sendError(res: Response, status: number, message: string, errors?: Record<string, string>): void {
  const meta: ApiBody["meta"] = { success: false, message };
  if (errors) meta.errors = errors;
  res.status(status).json({ meta, data: null } satisfies ApiBody<null>);
}

/** An error a handler throws to answer with a 4xx (or 503) instead of a 500. */
export class HttpError extends Error {
  override name = "HttpError";
  readonly status: number;
  readonly errors: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;
  constructor(
    status: number,
    message: string,
    extra: { errors?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = status;
    this.errors = extra.errors;
    this.headers = extra.headers;
  }
}
