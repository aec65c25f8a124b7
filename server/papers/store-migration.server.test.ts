import { mkdir, mkdtemp, rm, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../../tests/support/databases.ts";
import { makePdf, writeFolder } from "../../tests/support/pdf-fixtures.ts";
import type { Database } from "../db/client.server.ts";
import { papers } from "../db/schema.ts";
import { importPapers } from "./import.server.ts";
import { createPostgresPaperStore } from "./pg-store.server.ts";
import { createFilePaperStore, sha256Hex } from "./store.server.ts";
import { copyFolderToStore } from "./store-migration.server.ts";

describe.each(testDatabases())("copying the folder store into PostgreSQL on $name", (target) => {
  let database: Database & { dispose(): Promise<void> };
  let root: string;
  const folders: string[] = [];
  beforeAll(async () => {
    database = await target.open();
    root = await mkdtemp(path.join(tmpdir(), "ps-store-migration-"));
    folders.push(root);
  });
  afterAll(async () => {
    await database?.dispose();
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  it("copies every catalogued file once, checks each against its name, and says what is still missing", async () => {
    // A catalogue made the old way: imported into the folder store.
    const incoming = await writeFolder({
      "marathi/math_1/2023-march-question.pdf": await makePdf(2, "algebra 2023"),
      "marathi/math_1/2023-march-solution.pdf": await makePdf(3, "algebra 2023 answers"),
      "english/science_1/2022-july-question.pdf": await makePdf(2, "science 2022"),
    });
    folders.push(incoming);
    const report = await importPapers({ database, paperStore: createFilePaperStore(root) }, incoming);
    expect(report.committed).toBe(true);
    const rows = await database.db.select().from(papers);
    const catalogued = rows.flatMap((r) =>
      r.solutionSha256 ? [r.questionSha256, r.solutionSha256] : [r.questionSha256],
    );
    expect(catalogued).toHaveLength(3);

    // A damaged file, a stray temp file, and a file someone deleted by hand.
    const damaged = "f".repeat(64);
    await mkdir(path.join(root, "ff"), { recursive: true });
    await writeFile(path.join(root, "ff", `${damaged}.pdf`), "not these bytes");
    const gone = catalogued[2] as string;
    await unlink(path.join(root, gone.slice(0, 2), `${gone}.pdf`));
    await writeFile(path.join(root, "stray.pdf.123abc.tmp"), "half a write");

    const store = createPostgresPaperStore(database);
    const first = await copyFolderToStore(root, store, database);
    expect(first).toMatchObject({ copied: 2, present: 0, missing: [gone] });
    expect(first.rejected).toEqual([
      { file: `ff/${damaged}.pdf`, reason: "its bytes do not match its name: the file is damaged" },
    ]);
    expect(await store.stat(damaged)).toBeNull();
    for (const sha256 of catalogued.slice(0, 2)) {
      const bytes = Buffer.concat(await store.stream(sha256).toArray());
      expect(sha256Hex(bytes)).toBe(sha256);
    }

    // Re-run: nothing copied again.
    const again = await copyFolderToStore(root, createPostgresPaperStore(database), database);
    expect(again).toMatchObject({ copied: 0, present: 2, bytes: 0, missing: [gone] });
  });
});
