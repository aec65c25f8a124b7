/**
 * Build step (`npm run build`, after the offline pages and before precompress): the service worker (issue 16).
 * esbuild bundles app/sw/sw.ts with its Workbox modules, then workbox-build's injectManifest writes
 * build/client/sw.js with the precache list: the app shell of this build (scripts, styles, font, icons, offline
 * pages and manifests), without pdf.js and its worker (loaded only by the viewer, kept at run time) and without
 * the admin console's own chunks (students never load them). Prints the precache's size with Brotli, what a
 * student downloads once per build. See docs/decisions/016-offline.md.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants } from "node:zlib";
import { build } from "esbuild";
import type { ServerBuild } from "react-router";
import { injectManifest } from "workbox-build";
import { NOT_PRECACHED } from "../app/sw/rules.ts";
import { VIEWER_FILES_JSON } from "../app/viewer/viewer-files.ts";

const ROOT = path.join(import.meta.dirname, "..");
const CLIENT_DIR = path.join(ROOT, "build/client");

/** Route ids of the operators' console: its files are precached only if a student page uses them too. */
const ADMIN_ROUTE = /^routes\/admin\//;

interface RouteAssets {
  module: string;
  imports?: string[];
  css?: string[];
}

/** Files (as `assets/x.js`) only the admin console's routes load, from the build's route manifest. */
async function adminOnlyFiles(): Promise<Set<string>> {
  const server = (await import(pathToFileURL(path.join(ROOT, "build/server/index.js")).href)) as ServerBuild;
  const files = (route: RouteAssets) =>
    [route.module, ...(route.imports ?? []), ...(route.css ?? [])].map((url) => url.split("#")[0]?.slice(1) ?? "");
  const admin = new Set<string>();
  const everyoneElse = new Set<string>(files(server.assets.entry as RouteAssets));
  for (const [id, route] of Object.entries(server.assets.routes)) {
    for (const file of files(route as RouteAssets)) (ADMIN_ROUTE.test(id) ? admin : everyoneElse).add(file);
  }
  return new Set([...admin].filter((file) => !everyoneElse.has(file)));
}

const adminOnly = await adminOnlyFiles();
const viewerFiles = readdirSync(path.join(CLIENT_DIR, "assets"))
  .filter((name) => NOT_PRECACHED.some((re) => re.test(`assets/${name}`)) && !name.endsWith(".map"))
  .map((name) => `/assets/${name}`);

// The pages prefetch these bytes when idle without running them (app/viewer/viewer-code.ts): the list is this
// build's, so a page asks for it under its build's version.
writeFileSync(path.join(CLIENT_DIR, VIEWER_FILES_JSON), JSON.stringify(viewerFiles));

// Article slugs, as app/routes.ts reads them: the worker keeps these one-segment pages (app/pages.ts).
const articles = ["content/articles", "content/articles/mr"].flatMap((dir) =>
  readdirSync(path.join(ROOT, dir))
    .filter((name) => name.endsWith(".md"))
    .map((name) => name.slice(0, -".md".length)),
);

const work = mkdtempSync(path.join(tmpdir(), "ps-sw-"));
try {
  const bundled = path.join(work, "sw.js");
  await build({
    entryPoints: [path.join(ROOT, "app/sw/sw.ts")],
    outfile: bundled,
    bundle: true,
    format: "iife",
    target: "es2022",
    minify: true,
    legalComments: "none",
    // Workbox logs every routing decision unless it is a production build.
    define: {
      "process.env.NODE_ENV": '"production"',
      __VIEWER_FILES__: JSON.stringify(viewerFiles),
      __ARTICLES__: JSON.stringify(articles),
    },
    logLevel: "warning",
  });

  let precached: string[] = [];
  const { count, size, warnings } = await injectManifest({
    swSrc: bundled,
    swDest: path.join(CLIENT_DIR, "sw.js"),
    globDirectory: CLIENT_DIR,
    globPatterns: [
      "assets/**/*.{js,mjs,css,woff2}",
      "icons/*.png",
      "favicon.svg",
      "manifest.webmanifest",
      "mr/manifest.webmanifest",
      "offline.html",
      "mr/offline.html",
    ],
    // server-build-*.css is the server bundle's copy of the stylesheet: no page links it.
    globIgnores: ["**/*.br", "**/*.gz", "**/*.map", "assets/server-build-*"],
    // Hashed names are their own revision; the other files get one from their content.
    dontCacheBustURLsMatching: /^assets\//,
    manifestTransforms: [
      async (entries) => {
        const manifest = entries.filter(
          (entry) => !adminOnly.has(entry.url) && !NOT_PRECACHED.some((re) => re.test(entry.url)),
        );
        precached = manifest.map((entry) => entry.url);
        return { manifest, warnings: [] };
      },
    ],
  });
  for (const warning of warnings) console.warn(`build-sw: ${warning}`);
  const brotli = precached.reduce((sum, url) => {
    const body = readFileSync(path.join(CLIENT_DIR, url));
    if (/\.(png|woff2)$/.test(url)) return sum + body.length;
    const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    return sum + Math.min(br.length, body.length);
  }, 0);
  console.log(
    `service worker: build/client/sw.js, ${count} files precached, ${(size / 1024).toFixed(0)} KB (${(brotli / 1024).toFixed(0)} KB with Brotli); left out: ${adminOnly.size} admin files, ${viewerFiles.length} viewer files`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
