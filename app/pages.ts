/**
 * Every page route with its policies beside it (issue 24 §2, decision 020): its path or paths (English, without
 * `/mr`), its route module, and
 * - `cache`: the server may keep its HTML for a few seconds (decision 014): `true`, for visitors without a
 *   session; `"everyone"`, for signed-in students too, for a page that is the same for every student but their id
 *   and the count of reviews due (decision 032): its loaders read no more of the user than whether there is one;
 *   `"own"`, for the signed-in student it was rendered for only, until their next write (decision 034): a page of
 *   theirs that a crowd of repeats (a refresh, a back button, a retry on a bad network) would render again;
 * - `keep`: the service worker may keep it on the student's device for offline reading (decision 016);
 * - `namespaces`: the message catalog namespaces its HTML carries beyond the site-wide ones (decision 011).
 *
 * app/routes.ts builds the router's configuration from this list; the page cache, the service worker and the
 * catalogs read the policies through `pageAt`. Both `cache` and `keep` are opt-in: a path that matches no page,
 * or a page that says `false`, is never cached or kept. Every field is required, so a new route cannot be added
 * without saying (pages.test.ts also fails for a route module that has no entry here).
 *
 * Isomorphic and small: the browser uses it for the catalogs, the service worker for keeping.
 */
import { SUBJECTS, subjectPath } from "../domain/subjects.ts";

export interface PagePolicy {
  readonly cache: boolean | "everyone" | "own";
  readonly keep: boolean;
  readonly namespaces: readonly string[];
}

export interface PageRoute {
  /** The route module, relative to app/. */
  readonly file: string;
  /** Paths without the leading slash and the `/mr` prefix; `:name` is one segment, ARTICLE any article's slug. */
  readonly paths: readonly string[];
  readonly policy: PagePolicy;
  /** The console (English only, under its layout route) rather than a page in both languages. */
  readonly admin?: boolean;
}

/** Stands for every article's slug: the Markdown files in content/articles (app/routes.ts reads them). */
export const ARTICLE = ":article";

/** The last segment of a subject's chapter practice page (issue 25 §4). */
export const CHAPTER_PRACTICE = "chapter-practice";
/** Its form's query field, once per chosen chapter (`seed` names the set). */
export const CHAPTER_FIELD = "chapter";

const SUBJECT_PATHS = SUBJECTS.map((subject) => subjectPath(subject).slice(1));
// The subject and paper pages open papers in the viewer and sign students in from its dialog.
const PAPER_PAGES = ["subject", "paper", "auth", "viewer"];
// The console's pages: never cached or kept (they also say `private, no-store` themselves).
const CONSOLE: PagePolicy = { cache: false, keep: false, namespaces: [] };
const PRACTICE: PagePolicy = { cache: false, keep: true, namespaces: ["practice", "paper"] };
/** Progress and the checking page: as PRACTICE, and kept by the server for their student (decision 034). */
const PRACTICE_OWN: PagePolicy = { ...PRACTICE, cache: "own" };

export const PAGES: readonly PageRoute[] = [
  { file: "routes/home.tsx", paths: [""], policy: { cache: true, keep: true, namespaces: ["home"] } },
  // Signing in and out are never kept for offline reading: an old copy would show a wrong state.
  { file: "routes/login.tsx", paths: ["login"], policy: { cache: true, keep: false, namespaces: ["auth"] } },
  { file: "routes/logout.tsx", paths: ["logout"], policy: { cache: false, keep: false, namespaces: ["blog"] } },
  { file: "routes/blogs.tsx", paths: ["blogs"], policy: { cache: true, keep: true, namespaces: ["blog"] } },
  { file: "routes/about.tsx", paths: ["about-us"], policy: { cache: true, keep: true, namespaces: ["about"] } },
  {
    file: "routes/contact.tsx",
    paths: ["contact-us"],
    policy: { cache: true, keep: true, namespaces: ["contact"] },
  },
  {
    file: "routes/legal.tsx",
    paths: ["terms-&-conditions", "privacy-&-policy"],
    policy: { cache: true, keep: true, namespaces: ["legal"] },
  },
  // The loader demo: nothing to read offline.
  { file: "routes/loader.tsx", paths: ["loader"], policy: { cache: true, keep: false, namespaces: ["blog"] } },
  // Practice and progress are a signed-in student's own (`private, no-store`): the student's device keeps them
  // for practice offline, and sign-out deletes them (decision 016). The server keeps progress and the checking
  // page for their own student until their next write (decision 034), never for anyone else.
  { file: "routes/practice-new.tsx", paths: ["practice/new"], policy: PRACTICE },
  { file: "routes/practice.tsx", paths: ["practice/:attemptId"], policy: PRACTICE },
  { file: "routes/practice-check.tsx", paths: ["practice/:attemptId/check"], policy: PRACTICE_OWN },
  { file: "routes/practice-result.tsx", paths: ["practice/:attemptId/result"], policy: PRACTICE },
  { file: "routes/progress.tsx", paths: ["progress"], policy: PRACTICE_OWN },
  // The mistake notebook and today's review (issue 27): a student's own, kept on their device like practice (the
  // review works offline once loaded; its answers wait on the phone, app/reviews/review-outbox.ts, and a kept
  // page hides the questions answered since it was loaded). Never cached by the server; sign-out deletes them.
  { file: "routes/mistakes.tsx", paths: ["mistakes"], policy: PRACTICE },
  { file: "routes/review.tsx", paths: ["review"], policy: PRACTICE },
  // A forgotten password (issue 26): never cached or kept; one page's address carries a working link.
  {
    file: "routes/forgot-password.tsx",
    paths: ["forgot-password"],
    policy: { cache: false, keep: false, namespaces: ["account", "auth"] },
  },
  {
    file: "routes/reset-password.tsx",
    paths: ["reset-password"],
    policy: { cache: false, keep: false, namespaces: ["account", "auth"] },
  },
  // A new email's confirmation (issue 26): its address carries a working link; never cached or kept.
  {
    file: "routes/confirm-email.tsx",
    paths: ["confirm-email"],
    policy: { cache: false, keep: false, namespaces: ["account"] },
  },
  // A parent's consent (issue 26, decision 028): its address carries a working link; never cached or kept.
  {
    file: "routes/parent-consent.tsx",
    paths: ["parent-consent"],
    policy: { cache: false, keep: false, namespaces: ["account", "auth"] },
  },
  // "Are you under 18?" for an account that has not said (decision 028, amended 2026-11-29), and a waiting
  // account's change of its parent's email: personal, never cached or kept.
  { file: "routes/age.tsx", paths: ["age"], policy: { cache: false, keep: false, namespaces: ["account", "auth"] } },
  {
    file: "routes/parent-email.tsx",
    paths: ["parent-email"],
    policy: { cache: false, keep: false, namespaces: ["account", "auth"] },
  },
  // A parent's view of their children's progress: personal, never cached or kept.
  {
    file: "routes/children.tsx",
    paths: ["children"],
    policy: { cache: false, keep: false, namespaces: ["account", "auth", "practice"] },
  },
  // The account's own page (issue 26): personal, never cached or kept.
  {
    file: "routes/profile.tsx",
    paths: ["profile"],
    policy: { cache: false, keep: false, namespaces: ["account", "auth"] },
  },
  // A form that sends something: never a stale copy.
  { file: "routes/report.tsx", paths: ["report"], policy: { cache: false, keep: false, namespaces: ["report"] } },
  // Results are endless and cheap to redo online; the server keeps a few seconds of the popular ones.
  { file: "routes/search.tsx", paths: ["search"], policy: { cache: true, keep: false, namespaces: ["search"] } },
  // My saved papers opens them in the viewer, as the subject pages do; its own code keeps its copy.
  {
    file: "routes/saved.tsx",
    paths: ["saved"],
    policy: { cache: true, keep: true, namespaces: ["offline", "paper", "viewer"] },
  },
  // The same for every signed-in student (the model paper shows its answers to anyone signed in): the exam-eve
  // crowd's pages, kept for students too (decision 032).
  {
    file: "routes/subject.tsx",
    paths: SUBJECT_PATHS,
    policy: { cache: "everyone", keep: true, namespaces: PAPER_PAGES },
  },
  {
    file: "routes/model-paper.tsx",
    paths: SUBJECT_PATHS.map((path) => `${path}/:paperId`),
    policy: { cache: "everyone", keep: true, namespaces: PAPER_PAGES },
  },
  // Practice by chapter (issue 25 §4): the chapter list is public, a set is a signed-in student's (its answers
  // are), so neither is cached by the server; nor kept, since every set is new.
  {
    file: "routes/chapter-practice.tsx",
    paths: SUBJECT_PATHS.map((path) => `${path}/${CHAPTER_PRACTICE}`),
    policy: { cache: false, keep: false, namespaces: ["paper"] },
  },
  // Answers with a redirect to a new made paper (issue 25 §3; a fresh seed each time): nothing to cache or keep.
  {
    file: "routes/new-paper.tsx",
    paths: SUBJECT_PATHS.map((path) => `${path}/new-paper`),
    policy: { cache: false, keep: false, namespaces: [] },
  },
  { file: "routes/article.tsx", paths: [ARTICLE], policy: { cache: true, keep: true, namespaces: ["blog"] } },
  // Last: any other path. A 404 is neither cached nor kept (only 200 answers are), and says so here too.
  { file: "routes/not-found.tsx", paths: ["*"], policy: { cache: false, keep: false, namespaces: ["blog"] } },
  { file: "routes/admin/layout.tsx", paths: ["admin"], admin: true, policy: CONSOLE },
  { file: "routes/admin/catalogue.tsx", paths: ["admin"], admin: true, policy: CONSOLE },
  { file: "routes/admin/paper.tsx", paths: ["admin/papers/:paperId"], admin: true, policy: CONSOLE },
  { file: "routes/admin/upload.tsx", paths: ["admin/upload"], admin: true, policy: CONSOLE },
  { file: "routes/admin/reports.tsx", paths: ["admin/reports"], admin: true, policy: CONSOLE },
  { file: "routes/admin/year-notes.tsx", paths: ["admin/year-notes"], admin: true, policy: CONSOLE },
  { file: "routes/admin/audit.tsx", paths: ["admin/audit"], admin: true, policy: CONSOLE },
  { file: "routes/admin/accounts.tsx", paths: ["admin/accounts"], admin: true, policy: CONSOLE },
];

const exact = new Map<string, PageRoute>();
const patterns: { segments: string[]; page: PageRoute }[] = [];
let article: PageRoute | undefined;
let fallback: PageRoute | undefined;
for (const page of PAGES) {
  for (const path of page.paths) {
    if (path === ARTICLE) article = page;
    else if (path === "*") fallback = page;
    else if (path.includes(":")) patterns.push({ segments: path.split("/"), page });
    else if (!exact.has(path)) exact.set(path, page);
  }
}

/**
 * The page a path shows, by the router's rules: `/mr` or not, any letter case (`/ADMIN/audit` is the console,
 * issue 23), a trailing slash ignored. An unknown single segment is an article when `isArticle` says so (the
 * server knows its articles); without it (the browser, the service worker) any such segment counts as one.
 * Anything else is the 404 page.
 */
export function pageAt(pathname: string, isArticle?: (slug: string) => boolean): PageRoute | undefined {
  let path = pathname.toLowerCase();
  if (path === "/mr" || path.startsWith("/mr/")) path = path.slice(3);
  path = path.replace(/^\/+|\/+$/g, "");
  const known = exact.get(path);
  if (known) return known;
  const segments = path.split("/");
  for (const pattern of patterns) {
    if (
      pattern.segments.length === segments.length &&
      pattern.segments.every((part, i) => part.startsWith(":") || part === segments[i])
    ) {
      return pattern.page;
    }
  }
  if (segments.length === 1 && path !== "" && (isArticle ? isArticle(path) : true)) return article;
  return fallback;
}

/** The catalog namespaces of the page at a path, beyond the site-wide ones. */
export function namespacesAt(pathname: string): readonly string[] {
  return pageAt(pathname)?.policy.namespaces ?? [];
}

/** The page's namespaces as one comparable string. */
export function pageNamespaces(pathname: string): string {
  return namespacesAt(pathname).join(",");
}

/** A page's namespace set from its comparable string, if some page declares exactly that set. */
export function namespaceSet(name: string): readonly string[] | undefined {
  return PAGES.find((page) => page.policy.namespaces.join(",") === name)?.policy.namespaces;
}
