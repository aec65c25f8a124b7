/**
 * Build step (`npm run build`, after `react-router build`): the Devanagari font subset to the site's characters,
 * into build/client/assets (served as immutable). See server/content/font.server.ts.
 */
import path from "node:path";
import { buildDevanagariFont } from "../server/content/font.server.ts";

const { url, bytes } = await buildDevanagariFont(path.join(import.meta.dirname, "../build/client/assets"));
console.log(`font: ${url} (${(bytes / 1024).toFixed(1)} KB)`);
