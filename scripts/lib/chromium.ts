import { spawnSync } from "node:child_process";
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
    `Chromium was not found at ${chromiumPath()}, and it could not be installed here (that needs root or passwordless sudo).`,
    "The browser tests need Debian's Chromium:",
    "  sudo apt-get update && sudo apt-get install -y chromium",
    "(or set CHROMIUM_PATH to a Chromium binary). Playwright's own browser download is not used.",
  ].join("\n");
}

/** How this user may run apt-get: directly as root, through passwordless sudo, or not at all. */
export function aptPrefix(): string[] | null {
  if (process.getuid?.() === 0) return [];
  const sudo = spawnSync("sudo", ["-n", "true"], { stdio: "ignore" });
  return sudo.status === 0 ? ["sudo", "-n"] : null;
}

/**
 * A fresh Debian machine has no Chromium: install Debian's package when we are allowed to, saying
 * what we run, so that `npm install && npm test` is the whole set-up. Returns the message to print
 * when Chromium is still missing, or null when it is there.
 */
export function ensureChromium(log: (line: string) => void = console.log): string | null {
  if (existsSync(chromiumPath()) || process.env.CHROMIUM_PATH) return chromiumMissingMessage();
  const prefix = aptPrefix();
  if (!prefix) return chromiumMissingMessage();
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [
    ["apt-get", "update"],
    // Noto's fonts only make the screenshots show real Devanagari; the site ships its own font.
    ["apt-get", "install", "-y", "chromium", "fonts-noto-core"],
  ]) {
    const command = [...prefix, ...args];
    log(`Chromium is missing; running: ${command.join(" ")}`);
    const result = spawnSync(command[0] as string, command.slice(1), { stdio: "inherit", env });
    if (result.status !== 0) {
      log(`${command.join(" ")} failed (exit ${result.status ?? result.signal}).`);
      break;
    }
  }
  return chromiumMissingMessage();
}
