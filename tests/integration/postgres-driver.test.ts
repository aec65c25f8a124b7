import { readFileSync } from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain-JavaScript postinstall script, without type declarations.
import { patchSource } from "../../scripts/patch-postgres.mjs";
import { openPostgres } from "../../server/db/client.server.ts";

const adminUrl = process.env.TEST_DATABASE_URL;
const DRIVER = path.join(import.meta.dirname, "../../node_modules/postgres");

/** Settles to the query's outcome, or to "hung" when it has not settled within `ms`. */
function settle<T>(query: PromiseLike<T>, ms = 5_000): Promise<{ outcome: string; value?: T }> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<{ outcome: string }>((resolve) => {
    timer = setTimeout(() => resolve({ outcome: "hung" }), ms);
  });
  const settled = Promise.resolve(query).then(
    (value) => ({ outcome: "ok", value }),
    (error: { code?: string }) => ({ outcome: `failed:${error.code ?? "?"}` }),
  );
  return Promise.race([settled, hung]).finally(() => clearTimeout(timer));
}

describe("the patched PostgreSQL driver (scripts/patch-postgres.mjs)", () => {
  it("is patched in every build that npm installed, and patching twice changes nothing", () => {
    for (const build of ["src", "cjs/src", "cf/src"]) {
      const source = readFileSync(path.join(DRIVER, build, "connection.js"), "utf8");
      expect(source, build).toContain("paperstation: nextWrite guard");
      expect(source, build).toContain("if (query || sent.length) error(");
      expect(patchSource(source).status).toBe("already");
    }
    expect(() => patchSource("function somethingElse() {}")).toThrow(/expected exactly one occurrence/);
  });

  // Unpatched, postgres 3.4.9 hangs here within the first few rounds: a query sent after the socket's
  // ECONNRESET but before its close is never answered or failed. Patched, every query settles.
  describe.runIf(adminUrl)("when the server kills our backend under traffic", () => {
    it("fails or answers every query, and never leaves one waiting", async () => {
      const admin = postgres(adminUrl ?? "", { max: 1, onnotice: () => {} });
      // The app's own client settings (openPostgres: its quick reconnect backoff; the driver's default
      // backoff grows to 7 s after six resets, which would read as a hang here), with one connection,
      // so every query of a round goes to the backend that is killed.
      const { db } = openPostgres(adminUrl ?? "", { max: 1 });
      const client = (db as unknown as { $client: postgres.Sql }).$client;
      const outcomes: Record<string, number> = {};
      const count = (outcome: string) => {
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      };
      try {
        for (let round = 0; round < 40; round++) {
          const first = await settle(client<{ pid: number }[]>`select pg_backend_pid() as pid`);
          count(first.outcome);
          if (first.outcome === "hung") break;
          const pid = first.value?.[0]?.pid;
          if (pid === undefined) continue;
          const kill = admin`select pg_terminate_backend(${pid})`;
          const burst = Array.from({ length: 5 }, () => settle(client`select 1`));
          await kill;
          for (const { outcome } of await Promise.all(burst)) count(outcome);
          if (outcomes.hung) break;
        }
      } finally {
        await client.end({ timeout: 1 });
        await admin.end({ timeout: 1 });
      }
      expect(outcomes.hung ?? 0, JSON.stringify(outcomes)).toBe(0);
      // The test did kill connections under queries; otherwise it proves nothing.
      const failed = Object.entries(outcomes).filter(([outcome]) => outcome.startsWith("failed:"));
      expect(failed.length, JSON.stringify(outcomes)).toBeGreaterThan(0);
    }, 120_000);
  });
});
