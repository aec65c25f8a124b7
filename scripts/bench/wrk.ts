/** wrk, the load generator: Debian's package, installed when missing and this user may (as for Chromium). */
import { spawnSync } from "node:child_process";
import { aptPrefix } from "../lib/chromium.ts";
import { log } from "./log.ts";

const INSTALL = "sudo apt-get update && sudo apt-get install -y wrk";

/** `wrk -v`'s first line, or undefined when wrk is not on PATH. */
export function wrkVersion(): string | undefined {
  const v = spawnSync("wrk", ["-v"], { encoding: "utf8" });
  if (v.error) return undefined;
  // "wrk debian/4.1.0-3+b2 [epoll] Copyright (C) 2012 Will Glozer": the version and the event loop.
  return (
    `${v.stdout}${v.stderr}`
      .split("\n")[0]
      ?.replace(/\s*Copyright.*$/, "")
      .trim() || "wrk (unknown version)"
  );
}

/**
 * wrk's version; on a Debian machine without it, installs Debian's `wrk` package first when running as
 * root or with passwordless sudo. Throws with the command to run otherwise.
 */
export function ensureWrk(): string {
  const found = wrkVersion();
  if (found) return found;
  const prefix = aptPrefix();
  if (prefix && spawnSync("apt-get", ["--version"], { stdio: "ignore" }).status === 0) {
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    for (const args of [
      ["apt-get", "update"],
      ["apt-get", "install", "-y", "wrk"],
    ]) {
      const command = [...prefix, ...args];
      log(`wrk is missing; running: ${command.join(" ")}`);
      const result = spawnSync(command[0] as string, command.slice(1), { stdio: "inherit", env });
      if (result.status !== 0) break;
    }
    const installed = wrkVersion();
    if (installed) return installed;
  }
  throw new Error(
    `The benchmark's load comes from wrk, which is not on PATH and could not be installed here. On Debian: ${INSTALL}`,
  );
}
