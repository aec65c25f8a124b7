import { createHash } from "node:crypto";
import type { RequestHandler, Response } from "express";
import { LRUCache } from "lru-cache";
import { isLocale, type Locale } from "../../domain/i18n.ts";
import { parseSearchLimit, parseSearchQuery, SEARCH_MESSAGES } from "../../domain/search.ts";
import type { Database } from "../db/client.server.ts";
import { type EncodedBody, encodeBody, sendEncoded } from "../http/encoded-body.server.ts";
import { clientIp } from "../http/guards.server.ts";
import { etagMatches } from "../papers/routes.server.ts";
import type { Services } from "../services.server.ts";
import { perGeneration } from "./generation.server.ts";
import { RESULT_CACHE_TTL_MS, searchSite } from "./search.server.ts";

const RATE_WINDOW_MS = 60_000;
const TOO_MANY = "Too many requests. Please wait a little and try again.";

/**
 * JSON that never holds `<`, `>` or `&` as such: a query echoed back (`"<script>"`) stays inert even where a
 * careless client or proxy treats the body as HTML.
 */
function inertJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
}

/** A 4xx: the API's envelope (`meta.message`), with the message at the top level too, as the search's contract says. */
function sendProblem(res: Response, status: number, message: string): void {
  res
    .status(status)
    .type("application/json")
    .send(inertJson({ message, meta: { success: false, message }, data: null }));
}

interface SearchAnswer {
  body: EncodedBody;
  etag: string;
}

/** Answers kept at most, in entries and in bytes (identity + gzip; a default answer is ~3 KB + ~1 KB). */
const ANSWERS_MAX = 2000;
const ANSWERS_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Finished answers by (query as normalised, language, limit): serialised, tagged and gzipped once, then sent
 * as bytes, as get-question does with its listings (decision 014). As-you-type sends the same few prefixes
 * again and again, so with the results cached what was left per request was JSON and gzip. Emptied with the
 * results (a rebuild or an admin change moves the generation on) and kept no longer than they are.
 */
const answersFor = perGeneration<
  Database,
  { done: LRUCache<string, SearchAnswer>; pending: Map<string, Promise<SearchAnswer>> }
>(() => ({
  done: new LRUCache({
    max: ANSWERS_MAX,
    maxSize: ANSWERS_MAX_BYTES,
    sizeCalculation: (answer) => answer.body.identity.length + answer.body.gzip.length,
    ttl: RESULT_CACHE_TTL_MS,
  }),
  // Requests for the same answer while it is made wait for it (one search, one gzip).
  pending: new Map(),
}));

async function searchAnswer(services: Services, q: string, locale: Locale, limit: number): Promise<SearchAnswer> {
  const key = `${locale}\u0000${limit}\u0000${q}`;
  const answers = answersFor(services.database);
  const done = answers.done.get(key);
  if (done) return done;
  let pending = answers.pending.get(key);
  if (!pending) {
    pending = (async () => {
      const json = inertJson(await searchSite(services, q, { locale, limit }));
      // The tag hashes exactly the body sent, so it changes whenever the body does.
      return {
        body: encodeBody(json),
        etag: `"${createHash("sha256").update(json).digest("base64url").slice(0, 27)}"`,
      };
    })();
    answers.pending.set(key, pending);
    // Kept once made; a failure (a database outage) is not, and the next request tries again.
    pending
      .then((answer) => answers.done.set(key, answer))
      .catch(() => {})
      .finally(() => answers.pending.delete(key));
  }
  return pending;
}

/**
 * `GET /api/v1/search?q=…[&lang=en|mr][&limit=1..20]` (issue 16): the SearchResult of domain/search.ts, for
 * the search box's as-you-type list. Anonymous; limited per address generously, since every pause in typing
 * is a request, and cacheable for a minute by the browser (the same prefixes come again). Mounted by the app
 * as a route of its own, ahead of the API's routers and the compression middleware, like get-question: its
 * answers are kept compressed.
 */
export function searchHandler(services: Services): RequestHandler {
  return async (req, res) => {
    const { count, retryAfter } = await services.rateLimiter.hit(`search:ip:${clientIp(req)}`, RATE_WINDOW_MS);
    if (count > services.config.searchLimitPerIp) {
      res.setHeader("Retry-After", String(retryAfter));
      res.setHeader("Cache-Control", "no-store");
      return sendProblem(res, 429, TOO_MANY);
    }
    // From the raw query string, not Express's parser: `q` twice must be seen, and `q[a]=1` is just a name.
    const params = new URL(req.originalUrl, "http://localhost").searchParams;
    const parsed = parseSearchQuery(params);
    if (!parsed.ok) {
      res.setHeader("Cache-Control", "no-store");
      return sendProblem(res, 400, SEARCH_MESSAGES[parsed.reason]);
    }
    const lang = params.get("lang");
    const locale: Locale = isLocale(lang) ? lang : "en";
    // A database outage is answered by the app's error handler: 503 "Service temporarily unavailable".
    const answer = await searchAnswer(services, parsed.q, locale, parseSearchLimit(params.get("limit")));
    res.setHeader("ETag", answer.etag);
    res.setHeader("Cache-Control", "public, max-age=60");
    if (etagMatches(req.get("if-none-match"), answer.etag)) return void res.status(304).end();
    sendEncoded(req, res, answer.body, "application/json; charset=utf-8");
  };
}
