import { existsSync } from "node:fs";

/** Debian's Chromium; Playwright's own browser downloads are never used. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || "/usr/bin/chromium";
}

/**
 * Flags for every Chromium we start (browser tests and Lighthouse). Without them Chromium keeps
 * trying to reach Google on this machine's closed network, which slows pages and adds console noise.
 */
export const CHROMIUM_FLAGS = [
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function chromiumMissingMessage(): string | null {
  if (existsSync(chromiumPath())) return null;
  return [
    `Chromium was not found at ${chromiumPath()}. The browser tests need Debian's Chromium:`,
    "  sudo apt-get update && sudo apt-get install -y chromium",
    "(or set CHROMIUM_PATH to a Chromium binary). Playwright's own browser download is not used.",
  ].join("\n");
}
