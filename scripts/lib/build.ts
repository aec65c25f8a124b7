/** The production build that the scripts which start the server (audit, bench) need. */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

const ROOT = path.join(import.meta.dirname, "../..");
const OUTPUTS = ["build/server/index.js", "build/client"];

/**
 * Runs `npm run build` (`react-router build`, then precompressed Brotli and gzip copies of the
 * client assets) when build/server/index.js or build/client is missing; an existing build is used
 * as it is, however old. Throws when the build fails.
 */
export function ensureBuild(): void {
  const missing = OUTPUTS.filter((output) => !existsSync(path.join(ROOT, output)));
  if (missing.length === 0) return;
  process.stdout.write(`▶ ${missing.join(" and ")} missing: npm run build\n`);
  const result = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status ?? result.signal})`);
}
