/**
 * Which browser chunk each part of the UI goes in (issue 24 §2 and §6, decision 025), declared per feature folder
 * of `app/` (and per file where a folder's files differ), read by vite.config.ts. A page's first load is the
 * framework, the `shared` chunk, its route's own chunk and the groups its route imports; so a route's chunk
 * group is the features it imports, and each feature says here where it goes.
 *
 * - `shared`: may join the one chunk every page loads first (when two or more pages use it). For the page's
 *   frame and small isomorphic rules every page needs.
 * - `own`: never in the shared chunk: it stays with the pages that import it, or in a chunk of its own for
 *   lazy imports (the sign-in card, the viewer's parts, pdf.js) and code only some pages use.
 * - `paper-viewer-layer`: the viewer's frame and modal, one chunk for the pages that open papers (subject,
 *   model paper, saved papers); the sign-in dialog (lazy) reuses the modal from it.
 * - `practice`: practice's rules, its offline queue and its page frame, one chunk for the practice pages.
 * - `api`: the API client with its messages and the sign-up rules: one small chunk for the pages with a form or
 *   the sign-out button. A group of its own, before `auth-card`, which would otherwise take it in (a group takes
 *   its modules' dependencies) and make every signed-in page load the whole card.
 * - `auth-card`: the sign-in card with the form fields it is built of, one chunk for the login page and the lazy
 *   sign-in dialog; the account pages that use the fields (forgot and reset password, profile) load it too,
 *   rather than the first two paying a request of their own for the fields.
 * - `server`: never in a browser build (`*.server.ts` files, the router's table); listed so that every folder
 *   says something.
 *
 * The longest matching entry wins: a folder ends with `/`, a file is named whole. `chunks.test.ts` fails for a
 * folder of `app/` (or a file at its top) that has no entry. Plain data and one function, no imports: Vite's
 * config loads it.
 */
export type ChunkPolicy = "shared" | "own" | "paper-viewer-layer" | "practice" | "api" | "auth-card" | "server";

export const CHUNKS: Readonly<Record<string, ChunkPolicy>> = {
  // The page frame every page shows, the root's rules (messages, meta, medium) and the subject names.
  "app/root.tsx": "shared",
  "app/pages.ts": "shared",
  "app/site/": "shared",
  // The API client: pages with a form and the sign-out button (which loads it with the header).
  "app/site/api.ts": "api",
  // The sign-out request, loaded at the tap.
  "app/site/logout.client.ts": "own",
  // Route modules: their shared parts (a route chunk used by the English and Marathi routes alike).
  "app/routes/": "shared",
  // The console and the 404 route its layout shows to everyone else: only the console's pages load them.
  "app/routes/admin/": "own",
  "app/routes/not-found.tsx": "own",
  "app/admin/": "own",
  "app/home/": "shared",
  "app/papers/": "shared",
  "app/reports/": "shared",
  // The text pages' parts (article body, community block, page heading), which the subject page does not use.
  "app/articles/": "own",
  "app/auth/": "own",
  "app/auth/auth-card.tsx": "auth-card",
  "app/auth/form-fields.tsx": "auth-card",
  "app/viewer/": "own",
  "app/viewer/paper-viewer-layer.tsx": "paper-viewer-layer",
  "app/viewer/paper-modal.tsx": "paper-viewer-layer",
  // Used by the lazily loaded document only, so it goes with it either way.
  "app/viewer/draw-queue.ts": "shared",
  "app/model-papers/": "own",
  "app/practice/": "shared",
  "app/practice/practice-page.tsx": "practice",
  "app/practice/practice-sync.ts": "practice",
  "app/offline/": "own",
  // The mistake notebook's page code is server only (issue 27).
  // The review's offline outbox (issue 27) is loaded by the review page and, lazily, by the installable app's code
  // when answers wait: never in the shared chunk that every page pays for; only its storage key is.
  "app/reviews/": "own",
  "app/reviews/outbox-key.ts": "shared",
  "app/search/": "own",
  "app/after-load/": "own",
  "app/requests/": "server",
  "app/sw/": "server",
  "app/routes.ts": "server",
  "app/context.ts": "server",
  "app/entry.server.tsx": "server",
  "app/chunks.ts": "server",
  // The isomorphic rules: shared, but for the console's, practice's, and the API's messages and sign-up rules.
  "domain/": "shared",
  "domain/admin.ts": "own",
  "domain/practice.ts": "practice",
  "domain/api-messages.ts": "api",
  // Read by tests only; a page that imports it would say so here.
  "domain/api-messages-unshown.ts": "server",
  "domain/auth-rules.ts": "api",
};

/** The policy of a module, by its path from the project's root (`app/site/i18n.ts`); undefined outside app/ and domain/. */
export function chunkPolicy(path: string): ChunkPolicy | undefined {
  let best: string | undefined;
  for (const key of Object.keys(CHUNKS)) {
    const matches = key.endsWith("/") ? path.startsWith(key) : path === key;
    if (matches && (best === undefined || key.length > best.length)) best = key;
  }
  return best === undefined ? undefined : CHUNKS[best];
}
