import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { vitalsReport } from "../../server/content/vitals-report.server.ts";
import { type Database, openPglite, openPostgres } from "../../server/db/client.server.ts";
import { vitals } from "../../server/db/schema.ts";
import { createTestPostgresUrl, testDatabases } from "../support/databases.ts";

const run = promisify(execFile);
const ROOT = path.join(import.meta.dirname, "../..");
const DAY = 86_400_000;
const NOW = Date.now();

/** PostgreSQL's percentile_cont: linear interpolation between the two nearest ranks. */
function p75(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = 0.75 * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return (sorted[low] ?? 0) + ((sorted[high] ?? 0) - (sorted[low] ?? 0)) * (rank - low);
}

const RECENT = {
  "/blogs LCP": [1200, 1800, 2500, 3100, 900],
  "/blogs CLS": [0, 0.02, 0.3, 0.11],
  "/ TTFB": [80, 95, 400],
  "* FCP": [1500],
};

/** Recent reports (inside the last 7 days) plus old ones that must not count. */
async function seed(database: Database): Promise<void> {
  const rows = Object.entries(RECENT).flatMap(([key, values]) => {
    const [route = "", name = ""] = key.split(" ");
    return values.map((value, i) => ({
      name,
      value,
      route,
      rating: "good",
      createdAt: new Date(NOW - (i + 1) * 3_600_000),
    }));
  });
  rows.push(
    { name: "LCP", value: 99_000, route: "/blogs", rating: "poor", createdAt: new Date(NOW - 8 * DAY) },
    { name: "INP", value: 700, route: "/about-us", rating: "poor", createdAt: new Date(NOW - 20 * DAY) },
  );
  await database.db.insert(vitals).values(rows);
}

function expectedRows() {
  return Object.entries(RECENT)
    .map(([key, values]) => {
      const [route = "", name = ""] = key.split(" ");
      return { route, name, count: values.length, p75: p75(values) };
    })
    .sort((a, b) => (a.route === b.route ? a.name.localeCompare(b.name) : a.route < b.route ? -1 : 1));
}

describe.each(testDatabases())("vitalsReport on $name", (target) => {
  let database: Database & { dispose(): Promise<void> };
  beforeAll(async () => {
    database = await target.open();
    await seed(database);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it("gives p75 and count per route and metric for the last 7 days", async () => {
    const rows = await vitalsReport(database.db, { days: 7, now: new Date(NOW) });
    expect(rows.map((r) => ({ ...r, p75: Number(r.p75.toFixed(6)) }))).toEqual(
      expectedRows().map((r) => ({ ...r, p75: Number(r.p75.toFixed(6)) })),
    );
  });

  it("widens to older reports with more days", async () => {
    const rows = await vitalsReport(database.db, { days: 30, now: new Date(NOW) });
    expect(rows.find((r) => r.route === "/blogs" && r.name === "LCP")?.count).toBe(6);
    expect(rows.find((r) => r.route === "/about-us")).toMatchObject({ name: "INP", count: 1, p75: 700 });
  });
});

/** The CLI as the operator runs it: `node scripts/vitals-report.ts --days N`. */
async function runReport(env: Record<string, string>, args: string[]): Promise<string> {
  const clean = { ...process.env };
  delete clean.DATABASE_URL;
  delete clean.DATA_DIR;
  const { stdout } = await run(process.execPath, [path.join(ROOT, "scripts/vitals-report.ts"), ...args], {
    cwd: ROOT,
    env: { ...clean, LOG_LEVEL: "silent", ...env },
  });
  return stdout;
}

function expectPrinted(stdout: string) {
  expect(stdout).toContain("last 7 days");
  for (const row of expectedRows()) {
    const value = row.name === "CLS" ? row.p75.toFixed(3) : `${Math.round(row.p75)} ms`;
    const escaped = `${row.route}`.replace(/[*/]/g, "\\$&");
    expect(stdout).toMatch(
      new RegExp(`^${escaped}\\s+${row.name}\\s+${value.replace(".", "\\.")}\\s+${row.count}$`, "m"),
    );
  }
  expect(stdout).not.toContain("/about-us");
  expect(stdout).not.toMatch(/99000/);
}

describe("npm run vitals:report", () => {
  // Three runs of the CLI, each a Node start and a PGlite opened from disk: 17 s alone, and past the default
  // 30 s with another test file running beside it (decision 022).
  it("prints the p75 figures for seeded data in a PGlite DATA_DIR", { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "ps-vitals-"));
    try {
      const database = await openPglite(dataDir);
      await database.migrate();
      await seed(database);
      await database.close();
      expectPrinted(await runReport({ DATA_DIR: dataDir }, ["--days", "7"]));
      expect(await runReport({ DATA_DIR: dataDir }, [])).toContain("last 7 days");
      expect(await runReport({ DATA_DIR: dataDir }, ["--days=30"])).toMatch(/^\/about-us\s+INP\s+700 ms\s+1$/m);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "prints the p75 figures from PostgreSQL (DATABASE_URL)",
    async () => {
      const { url, drop } = await createTestPostgresUrl(process.env.TEST_DATABASE_URL ?? "");
      try {
        const database = openPostgres(url, { max: 1 });
        await database.migrate();
        await seed(database);
        await database.close();
        expectPrinted(await runReport({ DATABASE_URL: url }, ["--days", "7"]));
      } finally {
        await drop();
      }
    },
  );

  it("refuses a bad --days with exit code 2 and a usage line", async () => {
    const error = await runReport({ DATA_DIR: "/nonexistent" }, ["--days", "zero"]).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 2 });
    expect((error as { stderr: string }).stderr).toMatch(/Usage: npm run vitals:report -- \[--days N\]/);
  });
});
