/**
 * The two-instance test for the console (issue 15): two servers on one PostgreSQL database, each
 * with a DATA_DIR of its own, so that nothing is shared but the database. A paper uploaded through
 * instance A's console is opened through instance B, whole and by range.
 */
import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CatalogueRow } from "../../domain/admin.ts";
import { openPostgres } from "../../server/db/client.server.ts";
import { postMultipart, signUpAdmin, signUpStudent } from "../support/admin.ts";
import { createTestPostgresUrl } from "../support/databases.ts";
import { api } from "../support/http.ts";
import { makeBulkyPdf, makePdf } from "../support/pdf-fixtures.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

const adminUrl = process.env.TEST_DATABASE_URL;

// Skipped only on a machine with no PostgreSQL; CI always has one, and fails here if it is not configured.
describe.skipIf(!adminUrl && !process.env.CI)("the console on two instances of one PostgreSQL", () => {
  const servers: TestServer[] = [];
  const dataDirs: string[] = [];
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    if (!adminUrl) throw new Error("TEST_DATABASE_URL must be set in CI");
    const created = await createTestPostgresUrl(adminUrl);
    drop = created.drop;
    for (let i = 0; i < 2; i++) {
      const dataDir = await mkdtemp(path.join(tmpdir(), `ps-admin-instance-${i}-`));
      dataDirs.push(dataDir);
      // Each instance has its own pool and its own disk, as separate machines would.
      const database = openPostgres(created.url, { max: 4 });
      await database.migrate();
      servers.push(
        await startTestServer(database, {
          env: { DATA_DIR: dataDir },
          config: { databaseUrl: created.url },
          authLimits: { signupPerIp: 10_000 },
        }),
      );
    }
  });
  afterAll(async () => {
    for (const server of servers) {
      await server.close();
      await server.services.database.close();
    }
    await drop?.();
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  });

  const [a, b] = [() => servers[0] as TestServer, () => servers[1] as TestServer];

  it("serves a paper uploaded through A's console from B, whole and by range", async () => {
    const { cookie: adminCookie } = await signUpAdmin(a());
    const upload = await postMultipart(
      a(),
      "/api/v1/admin/papers",
      {
        fields: { subject: "science_1", year: "2024", session: "march", medium: "english" },
        files: { question: await makeBulkyPdf(1200), solution: await makePdf(12, "science answers") },
      },
      { cookie: adminCookie },
    );
    expect(upload.status).toBe(201);
    const { paper } = upload.body.data as { paper: CatalogueRow };
    const sha256 = paper.question?.sha256 ?? "";
    const size = paper.question?.size ?? 0;
    // Several of the PostgreSQL store's chunks, so that a range crosses from one to the next.
    expect(size).toBeGreaterThan(600 * 1024);

    // B lists it (its listing cache is new) and serves it to a student who signed up on B.
    const listing = await api(b().url, "/api/v1/get-question?subject=science_1&medium=english");
    const years = listing.body.data as { year: number; papers: { id: string; official: boolean }[] }[];
    expect(years.find((g) => g.year === 2024)?.papers).toEqual([
      expect.objectContaining({ id: paper.id, official: true }),
    ]);
    const cookie = await signUpStudent(b());

    const whole = await fetch(`${b().url}/papers/${paper.id}/question.pdf`, { headers: { Cookie: cookie } });
    expect(whole.status).toBe(200);
    const bytes = new Uint8Array(await whole.arrayBuffer());
    expect(bytes.byteLength).toBe(size);
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(sha256);

    const start = 256 * 1024 - 1000;
    const end = start + 70_000;
    const part = await fetch(`${b().url}/papers/${paper.id}/question.pdf`, {
      headers: { Cookie: cookie, Range: `bytes=${start}-${end}` },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes ${start}-${end}/${size}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.slice(start, end + 1));

    const solution = await fetch(`${b().url}/papers/${paper.id}/solution.pdf`, {
      headers: { Cookie: cookie, Range: "bytes=-100" },
    });
    expect(solution.status).toBe(206);
    expect((await solution.arrayBuffer()).byteLength).toBe(100);
  });
});
