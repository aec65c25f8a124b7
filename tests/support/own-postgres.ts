import { execFile } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { getFreePort } from "../../scripts/lib/app-process.ts";

const run = promisify(execFile);

export function postgresBinDir(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, "bin/initdb")))
    .sort((x, y) => Number(y) - Number(x));
  return versions[0] ? path.join(root, versions[0], "bin") : null;
}

/**
 * A PostgreSQL server of the test's own (initdb into a temp folder, a random port), so a test
 * can stop and restart it under traffic. PostgreSQL refuses to run as root, so as root it runs
 * as the `postgres` user. All calls are asynchronous: the server under test keeps serving.
 */
export async function startOwnPostgres() {
  const bin = postgresBinDir();
  if (!bin) throw new Error("PostgreSQL server binaries not found under /usr/lib/postgresql");
  const root = mkdtempSync(path.join(tmpdir(), "ps-pg-"));
  const dataDir = path.join(root, "data");
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: gid } = await run("id", ["-g", "postgres"]);
    chownSync(root, Number(stdout.trim()), Number(gid.trim()));
  }
  const exec = (tool: string, args: string[]) =>
    asRoot ? run("runuser", ["-u", "postgres", "--", path.join(bin, tool), ...args]) : run(path.join(bin, tool), args);

  const port = await getFreePort();
  await exec("initdb", ["-D", dataDir, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const start = () =>
    exec("pg_ctl", ["-D", dataDir, "-o", options, "-l", path.join(root, "log"), "-w", "-t", "30", "start"]);
  const stop = () => exec("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "-t", "30", "stop"]);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: async () => {
      await start();
    },
    stop: async () => {
      await stop();
    },
    async dispose() {
      await stop().catch(() => {});
      rmSync(root, { recursive: true, force: true });
    },
  };
}
