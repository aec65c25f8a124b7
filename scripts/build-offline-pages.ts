/**
 * Build step (`npm run build`, after the font and before the service worker): the static offline pages
 * build/client/offline.html and build/client/mr/offline.html (issue 16). The service worker precaches them and
 * shows one when a page was never kept and there is no network. No React, no script and no user data: the site's
 * stylesheet, the logo, the texts of offline.fallback.* in content/i18n, and links to My saved papers, home and the
 * page asked for (try again).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { parse } from "yaml";
import { OFFLINE_PAGES } from "../app/offline/offline-names.ts";

const ROOT = path.join(import.meta.dirname, "..");
const CLIENT_DIR = path.join(ROOT, "build/client");

type Texts = Record<"metaTitle" | "title" | "message" | "savedLink" | "home" | "retry", string>;

function textsFor(locale: "en" | "mr"): Texts {
  // In the `offline` namespace, which only My saved papers loads: no other page carries these texts.
  const catalog = parse(readFileSync(path.join(ROOT, `content/i18n/${locale}/offline.yaml`), "utf8")) as {
    fallback?: Partial<Texts>;
  };
  const texts = catalog.fallback ?? {};
  for (const key of ["metaTitle", "title", "message", "savedLink", "home", "retry"] as const) {
    if (!texts[key]) throw new Error(`content/i18n/${locale}/offline.yaml has no fallback.${key}`);
  }
  return texts as Texts;
}

const html = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The stylesheet every page loads (the root route's), from the build's asset manifest. */
async function rootStylesheets(): Promise<string[]> {
  const build = (await import(pathToFileURL(path.join(ROOT, "build/server/index.js")).href)) as ServerBuild;
  const css = (build.assets.routes.root as { css?: string[] } | undefined)?.css ?? [];
  return css.map((href) => href.split("#")[0] as string);
}

/** The Devanagari font written by scripts/build-font.ts: Marathi text in the site's own font, as on the pages. */
function devanagariFont(): string | undefined {
  const file = readdirSync(path.join(CLIENT_DIR, "assets")).find((f) => /^noto-sans-devanagari-.*\.woff2$/.test(f));
  return file && `/assets/${file}`;
}

const LOGO = readFileSync(path.join(ROOT, "public/favicon.svg"), "utf8").replace(
  "<svg ",
  '<svg width="64" height="64" aria-hidden="true" focusable="false" class="mx-auto" ',
);

// No script may run on this page; styles are the site's sheet and the font rule below.
const CSP =
  "default-src 'self'; script-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; base-uri 'self'; form-action 'self'";

function page(locale: "en" | "mr", stylesheets: string[], font: string | undefined): string {
  const t = textsFor(locale);
  const prefix = locale === "en" ? "" : "/mr";
  const fontRule =
    locale === "mr" && font
      ? `<style>@font-face{font-family:"PS Devanagari";src:url(${font}) format("woff2");font-weight:100 900;font-style:normal;font-display:swap}</style>`
      : "";
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="robots" content="noindex">
<meta name="theme-color" content="#3730a3">
<title>${html(t.metaTitle)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${stylesheets.map((href) => `<link rel="stylesheet" href="${href}">`).join("\n")}
${fontRule}
</head>
<body class="flex min-h-screen flex-col bg-slate-50 font-sans text-slate-900 antialiased">
<main id="main" class="flex-1">
<div class="mx-auto max-w-2xl px-4 py-16 text-center">
${LOGO}
<h1 class="mt-6 text-3xl font-bold text-indigo-900">${html(t.title)}</h1>
<p class="mt-3 text-slate-700">${html(t.message)}</p>
<p class="mt-6 flex flex-wrap justify-center gap-3">
<a href="${prefix}/saved" class="rounded-lg bg-indigo-700 px-5 py-2 font-semibold text-white hover:bg-indigo-800">${html(t.savedLink)}</a>
<a href="" class="rounded-lg bg-amber-500 px-5 py-2 font-semibold text-slate-900 hover:bg-amber-400">${html(t.retry)}</a>
<a href="${prefix || "/"}" class="rounded-lg border border-indigo-700 px-5 py-2 font-semibold text-indigo-800">${html(t.home)}</a>
</p>
</div>
</main>
</body>
</html>
`;
}

const stylesheets = await rootStylesheets();
const font = devanagariFont();
for (const locale of ["en", "mr"] as const) {
  const file = path.join(CLIENT_DIR, OFFLINE_PAGES[locale]);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, page(locale, stylesheets, font));
  console.log(`offline page: ${OFFLINE_PAGES[locale]}`);
}
