import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";

const ROOT = path.join(import.meta.dirname, "../..");
export const CLIENT_DIR = path.join(ROOT, "build/client");

/** The production build made by `npm run build` (npm test builds before it runs the tests). */
export async function loadBuild(): Promise<ServerBuild> {
  const file = path.join(ROOT, "build/server/index.js");
  if (!existsSync(file)) throw new Error("No production build: run `npm run build` first (npm test does).");
  return (await import(pathToFileURL(file).href)) as ServerBuild;
}

export function someAsset(extension: string): string {
  const name = readdirSync(path.join(CLIENT_DIR, "assets")).find((f) => f.endsWith(extension));
  if (!name) throw new Error(`no ${extension} asset in the build`);
  return `/assets/${name}`;
}
