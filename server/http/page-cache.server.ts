/**
 * The anonymous page cache (issue 15, decision 014). On the night before an exam most requests are
 * anonymous visitors opening the same few subject pages, each rendered by React for ~2 ms of CPU: this
 * keeps each rendered page for two seconds per URL and per everything else the render reads, and
 * answers repeats from memory, with a fresh CSP nonce spliced into every response.
 *
 * Two middlewares: `serve` runs first (after the request log), answers hits and elects one request per
 * key to render; `record`, right before the page handler, keeps what that request rendered. Only 200
 * text/html without Set-Cookie, from a request without a session cookie, is kept; the headers that
 * belong to one visitor (Set-Cookie, X-Request-Id, the CSP's nonce) are never stored.
 *
 * Signed-in students (decision 032): a page whose policy is `cache: "everyone"` is the same for every student but
 * their id and the count of reviews due. Their session is looked up on every request (a revoked one stops at
 * once); the page is kept per count due, split at the rendering student's id, and each student gets it with
 * their own id spliced in, as the nonce is. Their keys never meet a visitor's.
 *
 * A student's own pages (decision 034): a page whose policy is `cache: "own"` (progress, the practice checking
 * page) is kept for its student only, under their id and the generation their every write moves on
 * (server/auth/student-writes.server.ts), so that it shows their own writes at once; never for a visitor.
 */

import type { NextFunction, Request, RequestHandler, Response } from "express";
import { isbot } from "isbot";
import { pageAt } from "../../app/pages.ts";
import { isMedium } from "../../domain/catalog.ts";
import { hasSessionCookie, MEDIUM_COOKIE, readCookie } from "../../domain/cookies.ts";
import { LANGUAGE_COOKIE, LANGUAGE_OFFERED_COOKIE } from "../../domain/i18n.ts";
import { createCache } from "../cache/cache.server.ts";
import { isArticleSlug } from "../content/articles.server.ts";
import type { Database } from "../db/client.server.ts";
import { SplicedBody } from "./encoded-body.server.ts";
import { acceptsEncoding } from "./negotiate.server.ts";
import { cspNonce } from "./security-headers.server.ts";

/** As long as the listing cache (decision 006): an import or an admin change shows within seconds. */
export const PAGE_TTL_MS = 2000;
/** Rendered pages kept at most, identity and gzip bytes together (a subject page is ~67 KB of both). */
export const PAGE_CACHE_MAX_BYTES = 32 * 1024 * 1024;

/** Students' own pages kept at most (decision 034), apart from the pages every visitor and student share. */
export const OWN_PAGES_MAX_BYTES = 16 * 1024 * 1024;

/** A user's id is a UUID: every student's is as long as the one a page was split at. */
const STUDENT_ID_BYTES = 36;

/** Says whether a response came from the cache: `hit`, or `miss` on the request that rendered it. */
export const PAGE_CACHE_HEADER = "X-Page-Cache";

export interface PageCacheOptions {
  ttlMs?: number;
  maxBytes?: number;
  /** The clock, in ms (tests move it instead of sleeping). */
  now?: () => number;
  /** Requests the page handler would refuse (a bad Host): they are never answered from the cache. */
  accept?: (req: Request) => boolean;
  /**
   * The signed-in student of a request that carries a session cookie: their id (a UUID) and what else of them a
   * page for everyone shows (the count due), or null when the session is not valid. Without it, no signed-in
   * page is kept.
   */
  student?: (req: Request) => Promise<{ id: string; variant: string; own?: string | undefined } | null>;
}

export interface PageCache {
  /** First in the chain: answers a fresh hit, or lets the request through (electing one renderer per key). */
  serve: RequestHandler;
  /** Right before the page handler: keeps the elected request's rendered page. */
  record: RequestHandler;
  /** Pages and refusals held now (tests). */
  readonly size: number;
}

/** A rendered page, ready to be sent again with another nonce. */
interface Page {
  kind: "page";
  /** Every header of the rendered response but the per-response ones, as [name, value] pairs. */
  headers: [string, string][];
  /** The Content-Security-Policy around its nonce. */
  csp: [string, string];
  body: SplicedBody;
  bytes: number;
}

/** A key whose response could not be kept (it set a cookie, say): its requests go straight through. */
interface Refusal {
  kind: "refusal";
  bytes: number;
}

type Entry = Page | Refusal;

/** Headers that belong to one response, or that this cache sets itself. */
const PER_RESPONSE = new Set([
  "set-cookie",
  "x-request-id",
  "content-security-policy",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "date",
  "connection",
  "keep-alive",
  "etag",
  "vary",
  PAGE_CACHE_HEADER.toLowerCase(),
]);

/** What `serve` leaves for `record` on the request elected to render. */
const TICKET = Symbol("pageCacheTicket");
type Ticket = { key: string; studentId: string | undefined; done(entry: Entry | undefined): void };
type WithTicket = { [TICKET]?: Ticket };

/**
 * The cache key: the URL (path, `/mr` prefix and query) and everything else a page's render reads from
 * the request, as app/root.tsx, app/requests/root.server.ts and the subject and home loaders do: the medium
 * cookie (an invalid value reads as none), whether the language was chosen or already offered (the
 * one-time Marathi offer), and whether the client is a crawler (entry.server.tsx waits for the whole
 * document then). Undefined when the request must not be cached: not a GET or HEAD, not a page, or
 * signed in (any session cookie, valid or not).
 */
export function pageCacheKey(req: Request): string | undefined {
  const parts = keyParts(req);
  return parts && !parts.session ? parts.key : undefined;
}

/**
 * The key as for a visitor, and whether the request carries a session cookie and the page may be kept for
 * students too (`cache: "everyone"`).
 */
function keyParts(req: Request): { key: string; session: boolean; everyone: boolean; own: boolean } | undefined {
  if (req.method !== "GET" && req.method !== "HEAD") return undefined;
  const url = req.originalUrl;
  const query = url.indexOf("?");
  const pathname = query < 0 ? url : url.slice(0, query);
  // A dot in the last segment: a file (robots.txt, sitemap.xml, a client navigation's `.data`). Otherwise only a
  // page whose declaration says so (app/pages.ts): the API, files, the console and unknown paths are not.
  if (pathname.lastIndexOf(".") > pathname.lastIndexOf("/")) return undefined;
  const cache = pageAt(pathname, isArticleSlug)?.policy.cache;
  if (!cache) return undefined;
  const cookies = req.headers.cookie;
  let medium = "";
  let language = "";
  let session = false;
  if (cookies) {
    // Either name of the cookie (plain, or `__Host-` on https): a session's page is never a visitor's.
    session = hasSessionCookie(cookies);
    const value = readCookie(cookies, MEDIUM_COOKIE);
    medium = isMedium(value) ? value : "";
    language =
      (readCookie(cookies, LANGUAGE_COOKIE) === undefined ? "" : "l") +
      (readCookie(cookies, LANGUAGE_OFFERED_COOKIE) === undefined ? "" : "o");
  }
  const userAgent = req.headers["user-agent"];
  const bot = userAgent && isbot(userAgent) ? "b" : "";
  // A medium chosen by link is also remembered on a student's account by the render (decision 029): rendered.
  const everyone = cache === "everyone" && !(session && /[?&]medium=/.test(url));
  // A student's own page is never a visitor's, whatever it renders for one (a redirect to sign in).
  if (cache === "own" && !session) return undefined;
  return { key: `${medium}|${language}|${bot}|${url}`, session, everyone, own: cache === "own" };
}

/**
 * The page cache of an app on `database`: one of the caches made from the catalogue (decision 019), so that
 * `afterCatalogueChange` empties it at once in this process; other instances catch up within PAGE_TTL_MS.
 */
export function createPageCache(database: Database, options: PageCacheOptions = {}): PageCache {
  const ttlMs = options.ttlMs ?? PAGE_TTL_MS;
  const accept = options.accept ?? (() => true);
  // The load is the elected request's own render, handed over by `serve` below: the requests for the same key
  // wait for it (lru-cache's fetch), and a render that could not be kept is not.
  const pagesCache = (name: string, maxBytes: number) =>
    createCache<Database, Entry | undefined, () => Promise<Entry | undefined>>({
      name,
      madeFrom: ["catalogue"],
      maxBytes,
      sizeOf: (entry, key) => entry.bytes + key.length,
      ttlMs,
      ...(options.now ? { now: options.now } : {}),
      load: (_owner, _key, render) => render(),
    });
  const shared = pagesCache("anonymous pages", options.maxBytes ?? PAGE_CACHE_MAX_BYTES);
  // A student's own pages apart (decision 034): one per student, they must never push out the pages the whole
  // crowd shares, and their hit ratio (a student's repeats) is reported apart from the crowd's.
  const own = pagesCache("own pages", options.maxBytes ?? OWN_PAGES_MAX_BYTES);
  const entriesFor = (key: string) => (key.startsWith("own|") ? own : shared);

  const serve: RequestHandler = (req, res, next) => {
    const parts = keyParts(req);
    if (parts === undefined || !accept(req)) return next();
    if (!parts.session) return serveKey(req, res, next, parts.key, undefined);
    if (!(parts.everyone || parts.own) || !options.student) return next();
    options.student(req).then(
      (student) => {
        // Not signed in after all (an ended session): rendered, as the session middleware decides.
        if (!student || student.id.length !== STUDENT_ID_BYTES) return next();
        if (parts.everyone) return serveKey(req, res, next, `student|${student.variant}|${parts.key}`, student.id);
        // Their own page: under their id and their writes' generation, or not kept when it is unknown here.
        if (student.own === undefined) return next();
        serveKey(req, res, next, `own|${student.id}|${student.own}|${student.variant}|${parts.key}`, student.id);
      },
      // The database is down, say: the render answers for it.
      () => next(),
    );
  };

  const serveKey = (req: Request, res: Response, next: NextFunction, key: string, studentId: string | undefined) => {
    const entries = entriesFor(key);
    const entry = entries.get(database, key);
    if (entry) return entry.kind === "page" ? sendPage(req, res, entry, studentId) : next();
    if (req.method !== "GET") return next();
    if (entries.has(database, key)) {
      // Another request is rendering it: answered from its page, or rendered here if that could not be kept.
      entries
        .fetch(database, key, async () => undefined)
        .then(
          (result) => (result?.kind === "page" ? sendPage(req, res, result, studentId) : next()),
          (error: unknown) => next(error),
        );
      return;
    }
    const { promise, resolve } = Promise.withResolvers<Entry | undefined>();
    entries.fetch(database, key, () => promise).catch(() => {});
    let settled = false;
    const ticket: Ticket = {
      key,
      studentId,
      done(result) {
        if (settled) return;
        settled = true;
        resolve(result);
      },
    };
    (res as WithTicket)[TICKET] = ticket;
    // A request that never reaches the page handler, or whose client leaves, renders nothing to keep.
    res.once("close", () => ticket.done(undefined));
    res.setHeader(PAGE_CACHE_HEADER, "miss");
    next();
  };

  const record: RequestHandler = (req, res, next) => {
    const ticket = (res as WithTicket)[TICKET];
    if (!ticket) return next();
    const nonce = res.locals.cspNonce as string | undefined;
    const chunks: Buffer[] = [];
    let headers: [string, string][] | undefined;
    let csp: [string, string] | undefined;
    let keep = req.method === "GET" && Boolean(nonce);
    const refuse = (): Refusal => ({ kind: "refusal", bytes: 64 });

    // Called before the compression middleware's own write: these are the page's identity bytes.
    const look = () => {
      if (headers || !keep) return;
      const snapshot = snapshotHeaders(res, nonce as string, ticket.studentId !== undefined);
      if (!snapshot) keep = false;
      else ({ headers, csp } = snapshot);
    };
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      look();
      if (keep) keep = collect(chunks, chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      look();
      if (keep && typeof chunk !== "function" && chunk !== undefined && chunk !== null) {
        keep = collect(chunks, chunk, rest[0]);
      }
      const result = end(chunk, ...rest);
      // A student's page must be the one rendered for that student (their id in it): one that found the session
      // gone meanwhile was rendered for a visitor, and is not a student's page.
      const student = ticket.studentId;
      const rendered = keep && student ? Buffer.concat(chunks) : undefined;
      if (rendered && student && !rendered.includes(student)) keep = false;
      if (!keep || !headers || !csp || res.getHeader("set-cookie") !== undefined) {
        ticket.done(refuse());
      } else {
        // A student's page is split at their id too, so that it is never sent with it to anyone else.
        const values = student ? [nonce as string, student] : (nonce as string);
        const body = new SplicedBody(rendered ?? Buffer.concat(chunks), values);
        ticket.done({ kind: "page", headers, csp, body, bytes: body.bytes + 1024 });
      }
      return result;
    }) as Response["end"];
    next();
  };

  return {
    serve,
    record,
    get size() {
      return shared.usage(database).entries + own.usage(database).entries;
    },
  };
}

/**
 * The response's headers to replay, or undefined when it is not a page to keep: a status other than
 * 200, not HTML, a cookie set, `Cache-Control: no-store` or `private` (unless it is a student's page, which
 * always says so, and is replayed to students only), or a CSP without this response's nonce.
 */
function snapshotHeaders(
  res: Response,
  nonce: string,
  student: boolean,
): { headers: [string, string][]; csp: [string, string] } | undefined {
  if (res.statusCode !== 200) return undefined;
  const all = res.getHeaders();
  if (all["set-cookie"] !== undefined) return undefined;
  if (!String(all["content-type"] ?? "").startsWith("text/html")) return undefined;
  // A route that says its page is for one visitor only (the report form, the admin console) keeps that.
  if (!student && /\b(?:no-store|private)\b/i.test(String(all["cache-control"] ?? ""))) return undefined;
  const policy = String(all["content-security-policy"] ?? "");
  const at = policy.indexOf(`'nonce-${nonce}'`);
  if (at < 0) return undefined;
  const csp: [string, string] = [policy.slice(0, at + 7), policy.slice(at + 7 + nonce.length)];
  const headers: [string, string][] = [];
  for (const [name, value] of Object.entries(all)) {
    if (value === undefined || PER_RESPONSE.has(name)) continue;
    headers.push([name, Array.isArray(value) ? value.join(", ") : String(value)]);
  }
  return { headers, csp };
}

/** Adds a written chunk; false when it is not something this cache can keep. */
function collect(chunks: Buffer[], chunk: unknown, encoding: unknown): boolean {
  if (typeof chunk === "string") {
    chunks.push(Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
    return true;
  }
  if (chunk instanceof Uint8Array) {
    chunks.push(Buffer.from(chunk));
    return true;
  }
  return false;
}

/** A kept page with a fresh nonce (and the student's own id), gzip when the client takes it. */
function sendPage(req: Request, res: Response, page: Page, studentId: string | undefined): void {
  const nonce = cspNonce();
  res.locals.cspNonce = nonce;
  const gzip = acceptsEncoding(req.headers["accept-encoding"], "gzip");
  const values = studentId ? [nonce, studentId] : nonce;
  const body = req.method === "HEAD" ? undefined : gzip ? page.body.gzip(values) : page.body.identity(values);
  res.statusCode = 200;
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("Content-Security-Policy", page.csp[0] + nonce + page.csp[1]);
  res.setHeader("Vary", "Accept-Encoding");
  if (gzip) res.setHeader("Content-Encoding", "gzip");
  res.setHeader(PAGE_CACHE_HEADER, "hit");
  if (body) res.setHeader("Content-Length", body.length);
  res.end(body);
}
