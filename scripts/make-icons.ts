/**
 * Draws the app icons (issue 16) from the logo (public/favicon.svg, app/site/logo.tsx) with Debian's
 * Chromium: `node scripts/make-icons.ts`. The PNGs are committed, so the build does not need a browser; run this
 * again only when the logo changes.
 * - icon-192.png, icon-512.png: the logo as it is, rounded corners transparent (purpose "any");
 * - icon-maskable-512.png: the page glyph inside the central 80% circle on a full indigo square, so that a
 *   launcher's circle, squircle or teardrop mask never cuts it (purpose "maskable");
 * - apple-touch-icon.png (180): full-bleed and opaque, since iOS rounds the corners itself and shows
 *   transparency as black.
 */
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_FLAGS, chromiumPath } from "./lib/chromium.ts";

const ROOT = path.join(import.meta.dirname, "..");
const OUT = path.join(ROOT, "public/icons");
const LOGO = readFileSync(path.join(ROOT, "public/favicon.svg"), "utf8");

/** The logo's parts inside its 40×40 box, without the rounded background square. */
const GLYPH = LOGO.replace(/^<svg[^>]*>/, "")
  .replace(/<\/svg>\s*$/, "")
  .replace(/<rect[^>]*\/>/, "");
const BACKGROUND = /<rect[^>]*fill="([^"]+)"/.exec(LOGO)?.[1] ?? "#3730a3";

/**
 * The glyph's box is x 10–30, y 9–33: scaled by 0.8 about the centre of that box and moved to the square's
 * centre, its farthest corner is 12.5 units from the centre, inside the safe circle of radius 16 (40% of 40).
 */
const SAFE_GLYPH = `<g transform="translate(20 20) scale(0.8) translate(-20 -21)">${GLYPH}</g>`;

const ICONS = [
  { file: "icon-192.png", size: 192, svg: LOGO, transparent: true },
  { file: "icon-512.png", size: 512, svg: LOGO, transparent: true },
  {
    file: "icon-maskable-512.png",
    size: 512,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="${BACKGROUND}"/>${SAFE_GLYPH}</svg>`,
    transparent: false,
  },
  {
    file: "apple-touch-icon.png",
    size: 180,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="${BACKGROUND}"/>${GLYPH}</svg>`,
    transparent: false,
  },
];

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
    const svg = icon.svg.replace("<svg ", `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(
      `<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>${svg}`,
    );
    await page.screenshot({ path: path.join(OUT, icon.file), omitBackground: icon.transparent });
    await page.close();
    console.log(`public/icons/${icon.file} (${icon.size}×${icon.size})`);
  }
} finally {
  await browser.close();
}
