import { existsSync } from "node:fs";

/** Debian's Chromium; Playwright's own browser downloads are never used. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
}

export function chromiumMissingMessage(): string | null {
  if (existsSync(chromiumPath())) return null;
  return [
    `Chromium was not found at ${chromiumPath()}. The browser tests need Debian's Chromium:`,
    "  sudo apt-get update && sudo apt-get install -y chromium",
    "(or set CHROMIUM_PATH to a Chromium binary). Playwright's own browser download is not used.",
  ].join("\n");
}
