/**
 * The build writes the viewer's heavy files (pdf.js's chunk and its worker, which no page's first load and no
 * precache holds) to this JSON list at the root of build/client (scripts/build-sw.ts).
 */
export const VIEWER_FILES_JSON = "viewer-files.json";

/**
 * pdf.js's chunk and worker into the HTTP cache, bytes only: running pdf.js's chunk costs a phone a few hundred
 * milliseconds of main thread (Lighthouse measured 320 ms of Total Blocking Time at 4x on the subject page), for
 * a student who may not open a paper at all. The tap then runs it from the cache.
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
