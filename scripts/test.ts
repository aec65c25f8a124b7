/**
 * `npm test`: every check, in order, stopping at the first failure.
 * Typecheck, lint, production build, unit + integration tests, browser tests.
 */
import { spawnSync } from "node:child_process";
import { ensureChromium } from "./lib/chromium.ts";

const steps: Array<[label: string, command: string, args: string[]]> = [
  ["typecheck", "npm", ["run", "--silent", "typecheck"]],
  ["lint", "biome", ["check", "."]],
  ["build", "npm", ["run", "--silent", "build"]],
  ["unit and integration tests", "vitest", ["run"]],
  ["browser tests", "playwright", ["test"]],
];

const missing = ensureChromium();
if (missing) {
  console.error(`\n${missing}\n`);
  process.exit(1);
}

for (const [label, command, args] of steps) {
  console.log(`\n▶ ${label}: ${command} ${args.join(" ")}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit" });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✗ ${label} failed after ${seconds} s (exit ${result.status ?? result.signal}).`);
    process.exit(result.status || 1);
  }
  console.log(`✓ ${label} (${seconds} s)`);
}
console.log("\nAll checks passed.");
