import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/** Debian's Chromium; Playwright's own browser downloads are never used. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || "/usr/bin/chromium";
}

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/**
 * The browser the browser tests drive: Debian's `chromium-headless-shell` (the same Chromium
 * build, without the desktop browser around it), as Playwright itself uses for headless runs. On
 * this 2-core machine it loads a page in half the time of the full browser (a page test 0.9 s
 * instead of 2.2 s; shell.spec 1.2 min instead of 2.5), which is most of what brings `npm test`
 * under 12 minutes (issue 24). Lighthouse and the install check in pwa.spec keep the full browser,
 * whose behaviour they measure. CHROMIUM_PATH, when set, is used for everything.
 */
export function testBrowserPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : chromiumPath();
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
  if (process.env.CHROMIUM_PATH ? existsSync(chromiumPath()) : missingPackages().length === 0) return null;
  return [
    `Chromium was not found at ${chromiumPath()} and ${HEADLESS_SHELL}, and it could not be installed here (that needs root or passwordless sudo).`,
    "The browser tests need Debian's Chromium and its headless shell:",
    "  sudo apt-get update && sudo apt-get install -y chromium chromium-headless-shell",
    "(or set CHROMIUM_PATH to a Chromium binary). Playwright's own browser download is not used.",
  ].join("\n");
}

/** Debian packages the browser checks need and this machine lacks. */
function missingPackages(): string[] {
  const wanted: Array<[string, string]> = [
    ["chromium", "/usr/bin/chromium"],
    ["chromium-headless-shell", HEADLESS_SHELL],
  ];
  return wanted.filter(([, file]) => !existsSync(file)).map(([name]) => name);
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
  const missing = missingPackages();
  if (missing.length === 0 || process.env.CHROMIUM_PATH) return chromiumMissingMessage();
  const prefix = aptPrefix();
  if (!prefix) return chromiumMissingMessage();
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  // Noto's fonts only make the screenshots show real Devanagari; the site ships its own font.
  for (const args of [
    ["apt-get", "update"],
    ["apt-get", "install", "-y", ...missing, "fonts-noto-core"],
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
