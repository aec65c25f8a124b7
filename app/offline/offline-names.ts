/**
 * Names shared by the service worker (app/sw) and the pages (issue 16). Bump a version suffix only together
 * with code that migrates or drops the old store: the service worker deletes caches it does not know.
 */
/** Pages and their `.data` seen, network first (home, subject, info pages); cleared at sign-out. */
export const PAGES_CACHE = "ps-pages-v1";
/** Saved papers: PDFs a signed-in student opened, model-paper pages, the My saved papers page. */
export const SAVED_CACHE = "ps-saved-v1";
/** Hashed build assets not precached (pdf.js and its worker), cache first, kept while the build is current. */
export const ASSETS_CACHE = "ps-assets-v1";
/** IndexedDB database of saved papers' metadata (owner, title, size, last opened). */
export const SAVED_DB = "ps-saved";
/** The offline fallback pages, static files written at build time, one per language. */
export const OFFLINE_PAGES = { en: "/offline.html", mr: "/mr/offline.html" } as const;
/** Saved papers are bounded: least recently opened go first past this many bytes. */
export const SAVED_LIMIT_BYTES = 50 * 1024 * 1024;
