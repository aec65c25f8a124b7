import { createHash } from "node:crypto";
import type { RequestHandler, Response } from "express";
import { isLocale, type Locale } from "../../domain/i18n.ts";
import { parseSearchLimit, parseSearchQuery, SEARCH_MESSAGES } from "../../domain/search.ts";
import { createCache } from "../cache/cache.server.ts";
import type { Database } from "../db/client.server.ts";
import { type EncodedBody, encodeBody, sendEncoded } from "../http/encoded-body.server.ts";
import { clientIp } from "../http/guards.server.ts";
import { HttpError } from "../http/respond.server.ts";
import { etagMatches } from "../papers/routes.server.ts";
import type { Services } from "../services.server.ts";
import { countSearch } from "./limits.server.ts";
import { SEARCH_CACHE, searchSite } from "./search.server.ts";

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

/** Answers kept at most in bytes, besides the count (identity + gzip; a default answer is ~3 KB + ~1 KB). */
const ANSWERS_MAX_BYTES = 16 * 1024 * 1024;

interface AnswerRequest {
  services: Services;
  q: string;
  locale: Locale;
  limit: number;
  client: string;
}

/**
 * Finished answers by (query as normalised, language, limit): serialised, tagged and gzipped once, then sent
 * as bytes, as get-question does with its listings (decision 014). As-you-type sends the same few prefixes
 * again and again, so with the results cached what was left per request was JSON and gzip. Emptied with the
 * results (made from the same things) and kept no longer than they are. Requests for an answer being made
 * wait for it (one search, one gzip); a failure (a database outage, a refusal) is not kept.
 */
const answers = createCache<Database, SearchAnswer, AnswerRequest>({
  name: "search answers",
  ...SEARCH_CACHE,
  maxBytes: ANSWERS_MAX_BYTES,
  sizeOf: (answer) => answer.body.identity.length + answer.body.gzip.length,
  load: async (_database, _key, { services, q, locale, limit, client }) => {
    const json = inertJson(await searchSite(services, q, { locale, limit, client }));
    // The tag hashes exactly the body sent, so it changes whenever the body does.
    return {
      body: encodeBody(json),
      etag: `"${createHash("sha256").update(json).digest("base64url").slice(0, 27)}"`,
    };
  },
});

/** A 429 or 503 from the search's limits, in the search's own envelope; anything else goes to the error handler. */
function sendRefusal(res: Response, error: unknown): void {
  if (!(error instanceof HttpError) || (error.status !== 429 && error.status !== 503)) throw error;
  if (error.headers) res.set(error.headers);
  res.setHeader("Cache-Control", "no-store");
  sendProblem(res, error.status, error.message);
}

function searchAnswer(request: AnswerRequest): Promise<SearchAnswer> {
  const key = `${request.locale}\u0000${request.limit}\u0000${request.q}`;
  return answers.fetch(request.services.database, key, request);
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
    const client = clientIp(req);
    try {
      await countSearch(services, client);
    } catch (error) {
      return sendRefusal(res, error);
    }
    // From the raw query string, not Express's parser: `q` twice must be seen, and `q[a]=1` is just a name.
    const params = new URL(`http://localhost${req.originalUrl}`).searchParams;
    const parsed = parseSearchQuery(params);
    if (!parsed.ok) {
      res.setHeader("Cache-Control", "no-store");
      return sendProblem(res, 400, SEARCH_MESSAGES[parsed.reason]);
    }
    const lang = params.get("lang");
    const locale: Locale = isLocale(lang) ? lang : "en";
    // A database outage is answered by the app's error handler: 503 "Service temporarily unavailable".
    let answer: SearchAnswer;
    try {
      answer = await searchAnswer({
        services,
        q: parsed.q,
        locale,
        limit: parseSearchLimit(params.get("limit")),
        client,
      });
    } catch (error) {
      return sendRefusal(res, error);
    }
    res.setHeader("ETag", answer.etag);
    res.setHeader("Cache-Control", "public, max-age=60");
    if (etagMatches(req.get("if-none-match"), answer.etag)) return void res.status(304).end();
    sendEncoded(req, res, answer.body, "application/json; charset=utf-8");
  };
}
