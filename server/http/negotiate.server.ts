/**
 * What a request asks for beyond its path: the content codings it takes, and whether a refusal is told to a
 * script (JSON) or to a reader (a page or text).
 */
import type { Request } from "express";

/**
 * Whether an `Accept-Encoding` header accepts `coding` (RFC 9110 §12.5.3): named with a weight above 0, or, when it
 * is not named, `*` with a weight above 0 (`gzip;q=0, *` refuses gzip). Codings are compared without letter case.
 * No header, or an empty one, gets identity, as the compression middleware does: a client that says nothing may
 * decode nothing.
 *
 * Hand-written rather than `negotiator` (express's and compression's parser): it is only their dependency, in two
 * versions, and which one an import of it would get depends on npm's hoisting; and the callers ask one yes-or-no
 * question, where `negotiator` ranks every coding.
 */
export function acceptsEncoding(header: string | undefined, coding: string): boolean {
  if (!header) return false;
  const wanted = coding.toLowerCase();
  let any: boolean | undefined;
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.split(";");
    const token = name.trim().toLowerCase();
    if (token === wanted) return weightOf(params) > 0;
    if (token === "*") any ??= weightOf(params) > 0;
  }
  return any ?? false;
}

/** A coding's weight: its `q` parameter, 1 without one. An empty or garbled weight refuses (identity is safe). */
function weightOf(params: string[]): number {
  for (const param of params) {
    const equals = param.indexOf("=");
    if (equals < 0 || param.slice(0, equals).trim().toLowerCase() !== "q") continue;
    const q = Number(param.slice(equals + 1));
    return Number.isNaN(q) ? 0 : q;
  }
  return 1;
}

/**
 * Whether the site's refusals and failures (a 404, a 429, a 500 …) are told in the API's JSON envelope rather than
 * as text: a request under /api/, or from a client that asks for JSON.
 */
export function wantsJsonEnvelope(req: Request): boolean {
  return req.path.startsWith("/api/") || (req.get("accept") ?? "").includes("application/json");
}

/**
 * Whether a request for a paper's file comes from a script (the viewer's fetch(), which reads a JSON refusal and
 * shows its own sign-in) rather than from a reader who tapped a link or typed the URL (a navigation, which gets a
 * page). Browsers say which in Sec-Fetch-Mode; a client that does not send it is a script only if it asks for JSON.
 */
export function isScriptFetch(req: Request): boolean {
  const mode = req.get("sec-fetch-mode");
  return (req.get("accept") ?? "").includes("application/json") || (mode !== undefined && mode !== "navigate");
}
