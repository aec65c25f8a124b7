import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres } from "../../server/db/client.server.ts";
import { paperFiles, papers } from "../../server/db/schema.ts";
import { getPaperListing } from "../../server/papers/catalog.server.ts";
import { importPapers } from "../../server/papers/import.server.ts";
import { sha256Hex } from "../../server/papers/store.server.ts";
import { searchSyncRunning } from "../../server/search/index.server.ts";
import { createTestPostgresUrl, testDatabases } from "../support/databases.ts";
import { encryptedPdf, makePdf, storedFiles, truncated, writeFolder } from "../support/pdf-fixtures.ts";
import { pdfjsPageTexts } from "../support/pdf-text.ts";
import { startPageServer, startSeededServer, type TestServer } from "../support/server.ts";

const ROOT = path.join(import.meta.dirname, "../..");

describe.each(testDatabases())("paper import on $name", (target) => {
  let server: TestServer;
  let dataDir: string;
  let stop: (() => Promise<void>) | undefined;
  const folders: string[] = [];

  const store = () => path.join(dataDir, "papers");
  const catalogue = () => server.services.database.db.select().from(papers).orderBy(asc(papers.id));
  async function folder(files: Record<string, Uint8Array | string>) {
    const dir = await writeFolder(files);
    folders.push(dir);
    return dir;
  }

  beforeAll(async () => {
    ({ server, dataDir, stop } = await startSeededServer(target, "papers-import"));
  });
  afterAll(async () => {
    await stop?.();
    for (const dir of folders) await rm(dir, { recursive: true, force: true });
  });

  it("imports good files, replaces the samples of their slots and marks them official", async () => {
    const question = await makePdf(3, "algebra 2023");
    const solution = await makePdf(5, "algebra 2023 answers");
    const dir = await folder({
      "marathi/math_1/2023-march-question.pdf": question,
      "marathi/math_1/2023-march-solution.pdf": solution,
      "marathi/math_1/2025-march-question.pdf": await makePdf(2, "algebra 2025"),
      "english/english/2023-march-question.pdf": await makePdf(4, "english 2023"),
      ".DS_Store": "ignored",
    });
    const progress: number[] = [];
    const report = await importPapers(server.services, dir, { onProgress: (done) => progress.push(done) });
    expect(report.rejected).toEqual([]);
    expect(report.committed).toBe(true);
    expect(report.counts).toEqual({ imported: 1, replaced: 2, unchanged: 0, rejected: 0 });
    expect(progress.at(-1)).toBe(4);

    const rows = await catalogue();
    const algebra = rows.find((r) => r.id === "math-1-2023-march-marathi");
    expect(algebra).toMatchObject({ official: true, questionPages: 3, solutionPages: 5, mediums: ["marathi"] });
    // Stored laid out for the viewer (server/papers/pdf-layout.server.ts): other bytes, the same pages and text.
    for (const [sha, original] of [
      [algebra?.questionSha256, question],
      [algebra?.solutionSha256, solution],
    ] as const) {
      const stored = new Uint8Array(await readFile(path.join(store(), `${sha?.slice(0, 2)}/${sha}.pdf`)));
      expect(sha256Hex(stored)).toBe(sha);
      expect(await pdfjsPageTexts(stored)).toEqual(await pdfjsPageTexts(original));
    }
    expect(rows.find((r) => r.id === "math-1-2025-march-marathi")).toMatchObject({ official: true, questionPages: 2 });

    // The listing shows the new papers, newest first: 2025 (beyond the samples' years), then 2023 with its solution.
    const listing = await getPaperListing(server.services, { subject: "math_1", medium: "marathi", standard: 10 });
    expect(listing.map((g) => g.year)).toEqual([2025, 2023, 2022, 2020, 2019, 2018]);
    expect(listing[1]?.papers[0]).toMatchObject({
      official: true,
      solution_url: "/papers/math-1-2023-march-marathi/solution.pdf",
    });

    // The English-medium file took English away from the shared sample; the other mediums keep it.
    const forEnglish = await getPaperListing(server.services, { subject: "english", medium: "english", standard: 10 });
    expect(forEnglish[0]?.papers[0]).toMatchObject({ id: "english-2023-march-english", official: true });
    const forMarathi = await getPaperListing(server.services, { subject: "english", medium: "marathi", standard: 10 });
    expect(forMarathi[0]?.papers[0]).toMatchObject({ id: "english-2023-march-all", official: false });
    expect(rows.find((r) => r.id === "english-2023-march-all")?.mediums.sort()).toEqual(["marathi", "semi_english"]);

    // Re-running the same folder changes nothing and stores nothing twice.
    const filesBefore = await storedFiles(store());
    const rowsBefore = await catalogue();
    const again = await importPapers(server.services, dir);
    expect(again.counts).toEqual({ imported: 0, replaced: 0, unchanged: 3, rejected: 0 });
    expect(await storedFiles(store())).toEqual(filesBefore);
    expect(await catalogue()).toEqual(rowsBefore);
    // The import starts the search index's sync, which on this server is its first build: on PGlite it shares the
    // one connection with the checks above.
  }, 60_000);

  it("replaces a shared language sample in every medium from all/", async () => {
    const dir = await folder({ "all/hindi_half/2019-july-question.pdf": await makePdf(2, "hindi") });
    const report = await importPapers(server.services, dir);
    expect(report.papers).toEqual([
      expect.objectContaining({
        id: "hindi-half-2019-july-all",
        outcome: "replaced",
        replaced: ["hindi-half-2019-july-all"],
      }),
    ]);
    for (const medium of ["english", "marathi", "semi_english"] as const) {
      const listing = await getPaperListing(server.services, { subject: "hindi_half", medium, standard: 10 });
      const july = listing.find((g) => g.year === 2019)?.papers.find((p) => p.session === "july");
      // The imported file has no solution, so the sample's solution is gone with it.
      expect(july).toMatchObject({ official: true, solution_url: "" });
    }
  });

  it("stores the same bytes once when they appear twice", async () => {
    const same = await makePdf(2, "duplicate");
    const dir = await folder({
      "english/geography/2026-march-question.pdf": same,
      "semi_english/geography/2026-march-question.pdf": same,
    });
    const before = await storedFiles(store());
    const report = await importPapers(server.services, dir);
    expect(report.counts.imported).toBe(2);
    expect(report.warnings).toEqual([expect.stringContaining("same bytes")]);
    const after = await storedFiles(store());
    expect(after.length - before.length).toBe(1);
    const rows = await catalogue();
    const sha = rows.find((r) => r.id === "geography-2026-march-english")?.questionSha256;
    expect(rows.find((r) => r.id === "geography-2026-march-semi-english")?.questionSha256).toBe(sha);
    expect(after).toContain(`${sha?.slice(0, 2)}/${sha}.pdf`);
  });

  it("rejects bad files with their reasons and then changes nothing at all", async () => {
    const dir = await folder({
      "marathi/science_1/2024-march-question.pdf": await makePdf(2, "good but held back"),
      "marathi/science_2/2024-march-question.pdf": "<html>this is a web page</html>",
      "marathi/science_2/2024-july-question.pdf": truncated(await makePdf(4, "cut")),
      "marathi/geography/2024-march-question.pdf": encryptedPdf(),
      "marathi/geography/2024-july-solution.pdf": await makePdf(1, "orphan"),
      "hindi/geography/2024-march-question.pdf": await makePdf(1),
      "marathi/physics/2024-march-question.pdf": await makePdf(1),
      "marathi/geography/15-march-question.pdf": await makePdf(1),
      "marathi/history_and_political_science/2017-march-question.pdf": await makePdf(1, "before the catalogue"),
      "marathi/geography/2021-march-question.pdf": await makePdf(1, "same as solution"),
      "marathi/geography/2021-march-solution.pdf": await makePdf(1, "same as solution"),
      "notes.txt": "stray",
    });
    const rowsBefore = await catalogue();
    const filesBefore = await storedFiles(store());
    const report = await importPapers(server.services, dir);
    expect(report.committed).toBe(false);
    const reasons = Object.fromEntries(report.rejected.map((r) => [r.file, r.reason]));
    expect(reasons).toEqual({
      "marathi/science_2/2024-march-question.pdf": expect.stringContaining("not a PDF"),
      "marathi/science_2/2024-july-question.pdf": expect.stringContaining("truncated"),
      "marathi/geography/2024-march-question.pdf": expect.stringContaining("encrypted"),
      "marathi/geography/2024-july-solution.pdf": expect.stringContaining("without its question"),
      "hindi/geography/2024-march-question.pdf": expect.stringContaining("unknown medium"),
      "marathi/physics/2024-march-question.pdf": expect.stringContaining("unknown subject"),
      "marathi/geography/15-march-question.pdf": expect.stringContaining("file name"),
      "marathi/history_and_political_science/2017-march-question.pdf": expect.stringContaining("from 2018 to"),
      "marathi/geography/2021-march-solution.pdf": expect.stringContaining("same file as the question"),
      "notes.txt": expect.stringContaining("layout"),
    });
    expect(report.counts.rejected).toBe(10);
    expect(await catalogue()).toEqual(rowsBefore);
    expect(await storedFiles(store())).toEqual(filesBefore);
  });

  it("rejects both copies when all/ and a medium folder give the same paper", async () => {
    const dir = await folder({
      "all/marathi/2026-march-question.pdf": await makePdf(1, "a"),
      "english/marathi/2026-march-question.pdf": await makePdf(1, "b"),
    });
    const report = await importPapers(server.services, dir);
    expect(report.rejected.map((r) => r.file).sort()).toEqual([
      "all/marathi/2026-march-question.pdf",
      "english/marathi/2026-march-question.pdf",
    ]);
    expect(report.rejected[0]?.reason).toContain("keep one");
  });

  it("changes nothing on a dry run but says what it would do", async () => {
    const dir = await folder({
      "semi_english/math_2/2018-march-question.pdf": await makePdf(2, "dry"),
      "semi_english/math_2/2021-march-question.pdf": await makePdf(2, "dry new"),
    });
    const rowsBefore = await catalogue();
    const filesBefore = await storedFiles(store());
    const report = await importPapers(server.services, dir, { dryRun: true });
    expect(report.committed).toBe(false);
    expect(report.counts).toEqual({ imported: 1, replaced: 1, unchanged: 0, rejected: 0 });
    expect(await catalogue()).toEqual(rowsBefore);
    expect(await storedFiles(store())).toEqual(filesBefore);
  });

  it("leaves the catalogue as it was when the run fails inside its transaction", async () => {
    const dir = await folder({
      "english/science_2/2023-march-question.pdf": await makePdf(2, "fails"),
      "english/science_2/2021-march-question.pdf": await makePdf(2, "fails too"),
    });
    const rowsBefore = await catalogue();
    await expect(
      importPapers(server.services, dir, {
        beforeCommit: async () => {
          throw new Error("disk full");
        },
      }),
    ).rejects.toThrow("disk full");
    expect(await catalogue()).toEqual(rowsBefore);
  });

  it("refuses a folder that does not exist", async () => {
    await expect(importPapers(server.services, path.join(dataDir, "nope"))).rejects.toThrow("is not a folder");
  });
});

function runCli(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, "scripts/import-papers.ts"), ...args], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: "silent", DATABASE_URL: "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => {
      stdout += c.toString();
    });
    child.stderr.on("data", (c: Buffer) => {
      stderr += c.toString();
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

const cliTargets: { name: string; env(): Promise<{ env: Record<string, string>; cleanup(): Promise<void> }> }[] = [
  {
    name: "pglite",
    async env() {
      const dataDir = await mkdtemp(path.join(tmpdir(), "ps-cli-"));
      return { env: { DATA_DIR: dataDir }, cleanup: () => rm(dataDir, { recursive: true, force: true }) };
    },
  },
];
const adminUrl = process.env.TEST_DATABASE_URL;
if (adminUrl) {
  cliTargets.push({
    name: "postgres",
    async env() {
      const dataDir = await mkdtemp(path.join(tmpdir(), "ps-cli-"));
      const { url, drop } = await createTestPostgresUrl(adminUrl);
      return {
        env: { DATA_DIR: dataDir, DATABASE_URL: url },
        async cleanup() {
          await drop();
          await rm(dataDir, { recursive: true, force: true });
        },
      };
    },
  });
}

describe.each(cliTargets)("npm run papers:import on $name", (target) => {
  it("shows progress and a summary, and exits non-zero only when a file is rejected", async () => {
    const { env, cleanup } = await target.env();
    const good = await writeFolder({ "all/sanskrit_full/2023-july-question.pdf": await makePdf(2, "cli") });
    const bad = await writeFolder({
      "all/sanskrit_full/2023-july-question.pdf": await makePdf(2, "cli"),
      "all/sanskrit_full/2022-july-question.pdf": encryptedPdf(),
    });
    try {
      const failed = await runCli([bad], env);
      expect(failed.code).toBe(1);
      expect(failed.stdout).toMatch(/rejected\s+all\/sanskrit_full\/2022-july-question\.pdf: encrypted/);
      expect(failed.stdout).toMatch(/rejected\s+1/);
      expect(failed.stdout).toContain("Nothing was changed");

      const dry = await runCli([good, "--dry-run"], env);
      expect(dry.code).toBe(0);
      expect(dry.stdout).toContain("Dry run");
      expect(dry.stdout).toMatch(/imported\s+1/);

      const ok = await runCli([good], env);
      expect(ok.code).toBe(0);
      expect(ok.stderr).toMatch(/\[#+\] 1\/1/);
      expect(ok.stdout).toMatch(/imported\s+sanskrit-full-2023-july-all/);
      expect(ok.stdout).toMatch(/imported\s+1/);

      const rerun = await runCli([good], env);
      expect(rerun.code).toBe(0);
      expect(rerun.stdout).toMatch(/unchanged\s+1/);
      // With DATABASE_URL the files go to PostgreSQL (decision 013), else to DATA_DIR/papers.
      const folder = await storedFiles(path.join(env.DATA_DIR ?? "", "papers"));
      if (env.DATABASE_URL) {
        expect(folder).toEqual([]);
        const database = openPostgres(env.DATABASE_URL, { max: 1 });
        const rows = await database.db.select().from(paperFiles);
        await database.close();
        expect(rows).toHaveLength(1);
      } else expect(folder).toHaveLength(1);

      const usage = await runCli([], env);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain("Usage: npm run papers:import");
    } finally {
      await rm(good, { recursive: true, force: true });
      await rm(bad, { recursive: true, force: true });
      await cleanup();
    }
    // Five CLI processes, each opening and migrating its own database.
  }, 120_000);
});

// The import CLI changes the catalogue as an admin does, so it takes the admin's path (afterCatalogueChange): in the
// process that imports, every cache of the catalogue reads it again at once, and the search index catches up.
describe("an import in the server's own process", () => {
  let server: TestServer;
  let dataDir: string;
  let incoming: string;
  const id = "geography-2024-march-marathi";

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "ps-import-caches-"));
    incoming = await writeFolder({ "marathi/geography/2024-march-question.pdf": await makePdf(2, "geography 2024") });
    // The page cache's clock stands still: a kept page goes only when it is forgotten.
    server = await startPageServer({ env: { DATA_DIR: dataDir }, pageCache: { now: () => 1_000_000 } });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    for (const dir of [dataDir, incoming]) if (dir) await rm(dir, { recursive: true, force: true });
  });

  // Each on a connection of its own: the sync keeps the event loop busy for seconds, which can close a kept-alive
  // connection just as fetch reuses it (ECONNRESET).
  const get = (pathname: string) => fetch(`${server.url}${pathname}`, { headers: { Connection: "close" } });
  const page = async () => {
    const res = await get("/maharashtra-board-geography-question-papers");
    return { cache: res.headers.get("x-page-cache"), html: await res.text() };
  };
  const listing = () => getPaperListing(server.services, { subject: "geography", medium: "marathi", standard: 10 });
  const search = async () => (await get("/api/v1/search?q=geography+2024")).text();

  it("shows the new paper at once on the kept subject page, in the listing and in search", async () => {
    expect((await page()).cache).toBe("miss");
    const kept = await page();
    expect(kept.cache).toBe("hit");
    expect(kept.html).not.toContain(id);
    expect(JSON.stringify(await listing())).not.toContain(id);
    expect(await search()).not.toContain(id);

    const report = await importPapers(server.services, incoming);
    expect(report.counts).toMatchObject({ imported: 1, rejected: 0 });
    expect(JSON.stringify(await listing())).toContain(id);
    // The index catches up in the background; the kept page and search answers would outlive it (the page's
    // clock stands still, answers are kept for a minute) had the import not emptied them.
    await searchSyncRunning(server.services.database);
    const after = await page();
    expect(after.cache).toBe("miss");
    expect(after.html).toContain(id);
    expect(await search()).toContain(id);
  }, 60_000);
});
