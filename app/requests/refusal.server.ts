import { data } from "react-router";
import { HttpError } from "../../server/http/respond.server.ts";

/**
 * A form action's answer to a refusal from the server's functions (an HttpError: a 400 naming a field, a 404, a
 * 409, the site's one 429 from server/http/rate-limit.server.ts …): the page's own result, which its form shows
 * inline, with the error's status and headers (Retry-After), as the API sends them. Anything else is thrown on: a
 * redirect, the 503 page of a database outage, a bug.
 */
export function formRefusal<T>(error: unknown, result: (refusal: HttpError) => T) {
  if (!(error instanceof HttpError)) throw error;
  return data(result(error), { status: error.status, headers: error.headers });
}

/** A page's headers with a refused form's Retry-After: a 429 says when to try again, as the API's answer does. */
export function withRetryAfter(base: HeadersInit, actionHeaders: Headers): Headers {
  const headers = new Headers(base);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}
