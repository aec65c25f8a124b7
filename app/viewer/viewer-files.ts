/**
 * The build writes the viewer's heavy files (pdf.js's chunk and its worker, which no page's first load and no
 * precache holds) to this JSON list at the root of build/client (scripts/build-sw.ts).
 */
export const VIEWER_FILES_JSON = "viewer-files.json";

/**
 * pdf.js's chunk and worker into the HTTP cache, bytes only: running pdf.js's chunk costs a phone a few hundred
 * milliseconds of main thread (Lighthouse measured 320 ms of Total Blocking Time at 4x on the subject page), so
 * it is not run while the page starts and the student begins to scroll and tap (whenQuiet, below).
 *
 * As `<link rel="prefetch">`, not fetch(): the browser's network stack keeps the bytes, where a fetch's 420 KB
 * body crossed the page's main thread (70–140 ms tasks at 4x in a trace). `crossorigin` as a module script and
 * a module worker ask for them. The list is this build's, under its version, so that a new build's list is not
 * read from an old cache entry.
 */
export async function cacheViewerFiles(): Promise<void> {
  const version = (window as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest?.version ?? "";
  const list = await fetch(`/${VIEWER_FILES_JSON}?v=${encodeURIComponent(version)}`);
  if (!list.ok) throw new Error(`viewer files: ${list.status}`);
  const files = (await list.json()) as string[];
  await Promise.all(
    files.map(
      (file) =>
        new Promise<void>((resolve, reject) => {
          const link = document.createElement("link");
          link.rel = "prefetch";
          link.crossOrigin = "anonymous";
          link.href = file;
          link.onload = () => resolve();
          link.onerror = () => reject(new Error(`viewer files: ${file}`));
          document.head.append(link);
        }),
    ),
  );
}

/** How long the page has to be left alone after its prefetch before pdf.js runs: its first taps and scrolls. */
const QUIET_MS = 5000;

/**
 * Resolves once QUIET_MS have passed and the main thread is idle. Then pdf.js runs from the cache, ahead of the
 * tap: run at the tap instead, it took the first page from 0.5 s to 2.1 s at 4x on loopback (decision 031). A
 * student who taps sooner gets the cached bytes, run at the tap.
 */
export function whenQuiet(): Promise<void> {
  return new Promise((resolve) => {
    window.setTimeout(() => {
      if (typeof window.requestIdleCallback === "function")
        window.requestIdleCallback(() => resolve(), { timeout: 5000 });
      else resolve();
    }, QUIET_MS);
  });
}
