/**
 * The admin console's server side (issue 15) through the real HTTP server, on both databases: 404 for
 * everyone but an admin, the streamed upload and its refusals (nothing changes on any failure), retire
 * and restore, year notes, the audit log, CSRF and rate limits, and `npm run admin:create`.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditRow, CatalogueRow, YearNoteRow } from "../../domain/admin.ts";
import { setUpAdmin } from "../../server/admin/admins.server.ts";
import type { AdminUser } from "../../server/admin/auth.server.ts";
import {
  ADMIN_WRITE_WINDOW_MS,
  ADMIN_WRITES_PER_WINDOW,
  adminRateLimitKey,
  listCatalogue,
} from "../../server/admin/catalogue.server.ts";
import { verifyPassword } from "../../server/auth/passwords.server.ts";
import { openPglite, rowsOf } from "../../server/db/client.server.ts";
import { auditLog, modelPapers, papers, users, yearNotes } from "../../server/db/schema.ts";
import { syncModelPapers } from "../../server/model-papers/sync.server.ts";
import { seedSamplePapers } from "../../server/papers/samples.server.ts";
import { postMultipart, signUpAdmin, signUpStudent, siteOrigin } from "../support/admin.ts";
import { loadBuild } from "../support/build.ts";
import { testDatabases } from "../support/databases.ts";
import { api, newAccount } from "../support/http.ts";
import { encryptedPdf, makePdf, truncated } from "../support/pdf-fixtures.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

const ROOT = path.join(import.meta.dirname, "../..");
/** The oversized upload's file: well past 50 MB, so that an answer before its end shows the server did not wait. */
const OVERSIZED_BODY_BYTES = 400 * 1024 * 1024;

describe.each(testDatabases())("admin console API on $name", (target) => {
  let server: TestServer;
  let dataDir: string;
  let dispose: () => Promise<void>;
  let adminCookie: string;
  let admin: AdminUser;
  let studentCookie: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "ps-admin-"));
    const database = await target.open();
    dispose = database.dispose;
    server = await startTestServer(database, {
      env: { DATA_DIR: dataDir },
      authLimits: { signupPerIp: 10_000, loginPerIp: 10_000 },
    });
    await seedSamplePapers(server.services);
    await syncModelPapers(server.services);
    ({ cookie: adminCookie, admin } = await signUpAdmin(server));
    studentCookie = await signUpStudent(server);
  });
  afterAll(async () => {
    await server?.close();
    await dispose?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  const db = () => server.services.database.db;
  const asAdmin = (p: string, options: Parameters<typeof api>[2] = {}) =>
    api(server.url, p, { cookie: adminCookie, ...options });
  const write = (p: string, json: unknown = {}, method = "POST") => asAdmin(p, { method, json });
  const auditCount = async () => (await db().select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]?.n ?? 0;
  const tmpFiles = () => readdir(path.join(dataDir, "tmp")).catch(() => [] as string[]);

  /** Everything an upload may change: the catalogue rows, the model papers, the audit log and the temp folder. */
  async function snapshot() {
    return {
      papers: await db().select().from(papers).orderBy(asc(papers.id)),
      models: await db().select().from(modelPapers).orderBy(asc(modelPapers.id)),
      audit: await auditCount(),
      tmp: await tmpFiles(),
    };
  }

  async function expectNothingChanged(before: Awaited<ReturnType<typeof snapshot>>) {
    const after = await snapshot();
    expect(after.papers).toEqual(before.papers);
    expect(after.models).toEqual(before.models);
    expect(after.audit).toBe(before.audit);
    expect(after.tmp).toEqual([]);
  }

  const slot = (overrides: Record<string, string> = {}) => ({
    subject: "math_1",
    year: "2024",
    session: "march",
    medium: "marathi",
    ...overrides,
  });

  async function listing(subject = "math_1", medium = "marathi") {
    const res = await api(server.url, `/api/v1/get-question?subject=${subject}&medium=${medium}`);
    return (res.body.data as { year: number; papers: { id: string; official: boolean; solution_url: string }[] }[])
      .flatMap((g) => g.papers)
      .map((p) => ({ ...p }));
  }

  async function pdf(id: string, kind = "question", headers: Record<string, string> = {}) {
    const res = await fetch(`${server.url}/papers/${id}/${kind}.pdf`, {
      headers: { Cookie: studentCookie, ...headers },
    });
    return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()) };
  }

  async function auditFor(paperId: string): Promise<AuditRow[]> {
    const res = await asAdmin(`/api/v1/admin/audit?paper=${paperId}`);
    expect(res.status).toBe(200);
    return res.body.data as AuditRow[];
  }

  describe("access", () => {
    const endpoints: [string, string][] = [
      ["GET", "/api/v1/admin"],
      ["GET", "/api/v1/admin/papers"],
      ["GET", "/api/v1/admin/papers/math-1-2023-march-marathi"],
      ["POST", "/api/v1/admin/papers"],
      ["POST", "/api/v1/admin/papers/math-1-2023-march-marathi/files"],
      ["POST", "/api/v1/admin/papers/math-1-2023-march-marathi/retire"],
      ["POST", "/api/v1/admin/papers/math-1-2023-march-marathi/restore"],
      ["GET", "/api/v1/admin/year-notes"],
      ["POST", "/api/v1/admin/year-notes"],
      ["PUT", "/api/v1/admin/year-notes/1"],
      ["DELETE", "/api/v1/admin/year-notes/1"],
      ["GET", "/api/v1/admin/audit"],
      ["GET", "/api/v1/admin/reports"],
      ["POST", "/api/v1/admin/reports/x/status"],
      ["GET", "/api/v1/admin/no-such-thing"],
    ];

    it("answers 404 to a visitor and to a student on every endpoint, as for an unknown endpoint", async () => {
      const unknown = await api(server.url, "/api/v1/no-such-thing");
      expect(unknown.status).toBe(404);
      const before = await snapshot();
      for (const cookie of [null, studentCookie]) {
        for (const [method, p] of endpoints) {
          const json = method === "GET" ? undefined : { status: "fixed", year: 2024, text: "x" };
          const res = await api(server.url, p, { method, json, cookie, headers: { Origin: siteOrigin(server) } });
          expect(res.status, `${method} ${p}`).toBe(404);
          expect(res.body, `${method} ${p}`).toEqual(unknown.body);
        }
        const upload = await postMultipart(
          server,
          "/api/v1/admin/papers",
          { fields: slot(), files: { question: await makePdf(1) } },
          { cookie },
        );
        expect(upload.status).toBe(404);
        expect(upload.body).toEqual(unknown.body);
      }
      await expectNothingChanged(before);
    });

    it("answers an unknown endpoint for an admin with the same 404", async () => {
      const res = await asAdmin("/api/v1/admin/no-such-thing");
      expect(res.status).toBe(404);
      expect(res.body.meta.message).toBe("No such API endpoint");
    });

    it("never makes an admin at sign-up, whatever the body says", async () => {
      const account = newAccount({ admin: true });
      const signup = await api(server.url, "/api/v1/signup", { json: account });
      expect(signup.status).toBe(201);
      const [row] = await db().select({ admin: users.admin }).from(users).where(eq(users.email, account.email));
      expect(row?.admin).toBe(false);
      expect((await api(server.url, "/api/v1/admin/papers", { cookie: signup.cookie })).status).toBe(404);
      // The roles stay 1, 2 and 3.
      const bad = await api(server.url, "/api/v1/signup", { json: newAccount({ role: 4 }) });
      expect(bad.status).toBe(400);
    });
  });

  describe("catalogue", () => {
    it("lists official, sample and model papers with files, sizes and pages, filtered", async () => {
      const res = await asAdmin("/api/v1/admin/papers");
      expect(res.status).toBe(200);
      const rows = res.body.data as CatalogueRow[];
      expect(new Set(rows.map((r) => r.kind))).toEqual(new Set(["sample", "model"]));
      const sample = rows.find((r) => r.id === "math-1-2022-march-marathi");
      expect(sample).toMatchObject({
        kind: "sample",
        subject: "math_1",
        title: "Mathematics 1 2022 March",
        year: 2022,
        session: "march",
        mediums: ["marathi"],
        retired: false,
        updatedBy: null,
        publicUrl: "/maharashtra-board-math-1-question-papers?medium=marathi&paper=math-1-2022-march-marathi",
      });
      expect(sample?.question?.size).toBeGreaterThan(1000);
      expect(sample?.question?.pages).toBe(4);
      const model = rows.find((r) => r.id === "math-1-model-1");
      expect(model).toMatchObject({
        kind: "model",
        year: null,
        publicUrl: "/maharashtra-board-math-1-question-papers/math-1-model-1",
      });
      expect(model?.solution?.size).toBeGreaterThan(1000);
      // Subjects in the site's order.
      expect(rows[0]?.subject).toBe("english");

      const filtered = await asAdmin("/api/v1/admin/papers?subject=geography&medium=english&year=2019&kind=sample");
      const ids = (filtered.body.data as CatalogueRow[]).map((r) => r.id);
      expect(ids).toEqual(["geography-2019-march-english", "geography-2019-july-english"]);
      const models = await asAdmin("/api/v1/admin/papers?subject=math_1&kind=model&status=live");
      expect((models.body.data as CatalogueRow[]).every((r) => r.kind === "model" && r.subject === "math_1")).toBe(
        true,
      );
    });

    it("refuses bad filters with a 400 naming the field", async () => {
      for (const [query, field] of [
        ["subject=physics", "subject"],
        ["medium=hindi", "medium"],
        ["year=1999", "year"],
        ["year=abc", "year"],
        ["kind=draft", "kind"],
        ["status=gone", "status"],
        ["subject=math_1&subject=math_2", "subject"],
      ] as const) {
        const res = await asAdmin(`/api/v1/admin/papers?${query}`);
        expect(res.status, query).toBe(400);
        expect(Object.keys(res.body.meta.errors ?? {}), query).toEqual([field]);
      }
      expect((await asAdmin("/api/v1/admin/papers/no-such-paper")).status).toBe(404);
    });
  });

  describe("upload", () => {
    it("stores a new paper's question and solution, lists it and serves its PDF", async () => {
      const auditBefore = await auditCount();
      const res = await postMultipart(
        server,
        "/api/v1/admin/papers",
        {
          fields: slot(),
          files: { question: await makePdf(3, "algebra 2024"), solution: await makePdf(5, "answers") },
        },
        { cookie: adminCookie },
      );
      expect(res.status).toBe(201);
      const { paper, outcome } = res.body.data as { paper: CatalogueRow; outcome: string };
      expect(outcome).toBe("imported");
      expect(paper).toMatchObject({
        id: "math-1-2024-march-marathi",
        kind: "official",
        retired: false,
        updatedBy: { name: admin.name, email: admin.email },
      });
      expect(paper.question?.pages).toBe(3);
      expect(paper.solution?.pages).toBe(5);

      const listed = (await listing()).find((p) => p.id === paper.id);
      expect(listed).toMatchObject({ official: true, solution_url: `/papers/${paper.id}/solution.pdf` });
      const served = await pdf(paper.id);
      expect(served.status).toBe(200);
      expect(createHash("sha256").update(served.bytes).digest("hex")).toBe(paper.question?.sha256);

      expect(await auditCount()).toBe(auditBefore + 1);
      const [entry] = await auditFor(paper.id);
      expect(entry).toMatchObject({
        action: "paper.upload",
        paperId: paper.id,
        admin: { id: admin.id, email: admin.email, name: admin.name },
        before: null,
        after: {
          mediums: ["marathi"],
          official: true,
          retired: false,
          question: { sha256: paper.question?.sha256, pages: 3 },
          solution: { sha256: paper.solution?.sha256, pages: 5 },
        },
      });
      expect(await tmpFiles()).toEqual([]);
    });

    it("replaces a sample in its slot, and then a single file of the official paper", async () => {
      const id = "math-1-2023-march-marathi";
      const [sample] = await db().select().from(papers).where(eq(papers.id, id));
      expect(sample?.official).toBe(false);
      const first = await postMultipart(
        server,
        "/api/v1/admin/papers",
        { fields: slot({ year: "2023" }), files: { question: await makePdf(2, "official 2023") } },
        { cookie: adminCookie },
      );
      expect(first.status).toBe(201);
      expect((first.body.data as { outcome: string }).outcome).toBe("replaced");
      const [history] = await auditFor(id);
      expect(history).toMatchObject({
        action: "paper.replace",
        before: { official: false, question: { sha256: sample?.questionSha256, pages: 4 } },
        after: { official: true, solution: null },
      });

      // The solution alone, through the paper's own endpoint: the question stays.
      const question = (first.body.data as { paper: CatalogueRow }).paper.question;
      const second = await postMultipart(
        server,
        `/api/v1/admin/papers/${id}/files`,
        { files: { solution: await makePdf(6, "official 2023 answers") } },
        { cookie: adminCookie },
      );
      expect(second.status).toBe(200);
      const { paper, outcome } = second.body.data as { paper: CatalogueRow; outcome: string };
      expect(outcome).toBe("replaced");
      expect(paper.question).toEqual(question);
      expect(paper.solution?.pages).toBe(6);
      const entries = await auditFor(id);
      expect(entries.map((e) => e.action)).toEqual(["paper.replace", "paper.replace"]);
      expect(entries[0]?.before).toMatchObject({ solution: null });

      // The same file again changes nothing and writes no audit row.
      const auditBefore = await auditCount();
      const again = await postMultipart(
        server,
        `/api/v1/admin/papers/${id}/files`,
        { files: { solution: await makePdf(6, "official 2023 answers") } },
        { cookie: adminCookie },
      );
      expect(again.status).toBe(200);
      expect((again.body.data as { outcome: string }).outcome).toBe("unchanged");
      expect(await auditCount()).toBe(auditBefore);
    });

    it("replaces a language sample serving every medium from one upload for all", async () => {
      const res = await postMultipart(
        server,
        "/api/v1/admin/papers",
        { fields: slot({ subject: "english", year: "2022", medium: "all" }), files: { question: await makePdf(2) } },
        { cookie: adminCookie },
      );
      expect(res.status).toBe(201);
      expect((res.body.data as { paper: CatalogueRow }).paper).toMatchObject({
        id: "english-2022-march-all",
        mediums: ["english", "marathi", "semi_english"],
      });
    });

    it("refuses model papers, unknown papers and missing files", async () => {
      const model = await postMultipart(
        server,
        "/api/v1/admin/papers/math-1-model-1/files",
        { files: { question: await makePdf(1) } },
        { cookie: adminCookie },
      );
      expect(model.status).toBe(400);
      expect(model.body.meta.message).toBe(
        "Model papers are typeset from content/papers: change the source file instead.",
      );
      const unknown = await postMultipart(
        server,
        "/api/v1/admin/papers/math-1-1999-march-marathi/files",
        { files: { question: await makePdf(1) } },
        { cookie: adminCookie },
      );
      expect(unknown.status).toBe(404);
      const none = await postMultipart(server, "/api/v1/admin/papers", { fields: slot() }, { cookie: adminCookie });
      expect(none.status).toBe(400);
      expect(none.body.meta.message).toMatch(/question and\/or a solution/);
    });

    it.each([
      ["not a PDF", () => new TextEncoder().encode("GIF89a, not a paper at all"), /not a PDF/],
      ["encrypted", () => encryptedPdf(), /encrypted PDF/],
      ["truncated", async () => truncated(await makePdf(3)), /truncated PDF/],
      ["with no pages", async () => (await PDFDocument.create()).save({ addDefaultPage: false }), /no pages/],
      ["empty", () => new Uint8Array(0), /empty file/],
    ])("refuses a file that is %s with a 400 and changes nothing", async (_name, bytes, reason) => {
      const before = await snapshot();
      for (const target of ["/api/v1/admin/papers", "/api/v1/admin/papers/math-1-2022-march-marathi/files"]) {
        const res = await postMultipart(
          server,
          target,
          {
            fields: target.endsWith("/files") ? {} : slot({ year: "2025" }),
            files: { question: await makePdf(2), solution: await bytes() },
          },
          { cookie: adminCookie },
        );
        expect(res.status, target).toBe(400);
        expect(res.body.meta.message).toMatch(/^solution: /);
        expect(res.body.meta.message).toMatch(reason);
        expect(res.body.meta.errors?.solution).toMatch(reason);
      }
      await expectNothingChanged(before);
    });

    it("refuses a solution without its question, in a new slot or over a sample", async () => {
      const before = await snapshot();
      for (const year of ["2025", "2022"]) {
        const res = await postMultipart(
          server,
          "/api/v1/admin/papers",
          { fields: slot({ year }), files: { solution: await makePdf(2) } },
          { cookie: adminCookie },
        );
        expect(res.status, year).toBe(400);
        expect(res.body.meta.message).toBe("solution: a solution needs its question: send the question file too");
      }
      await expectNothingChanged(before);
    });

    it("refuses bad slot fields before reading the files, and fields after files", async () => {
      const before = await snapshot();
      for (const [fields, field] of [
        [slot({ subject: "physics" }), "subject"],
        [slot({ year: "2017" }), "year"],
        [slot({ session: "june" }), "session"],
        [slot({ medium: "hindi" }), "medium"],
        [{ subject: "math_1" }, "year"],
      ] as const) {
        const res = await postMultipart(
          server,
          "/api/v1/admin/papers",
          { fields, files: { question: await makePdf(1) } },
          { cookie: adminCookie },
        );
        expect(res.status, field).toBe(400);
        expect(res.body.meta.message.startsWith(`${field}: `), res.body.meta.message).toBe(true);
        expect(Object.keys(res.body.meta.errors ?? {})).toContain(field);
      }
      const unknownPart = await postMultipart(
        server,
        "/api/v1/admin/papers",
        { fields: slot(), files: { answers: await makePdf(1) } },
        { cookie: adminCookie },
      );
      expect(unknownPart.status).toBe(400);
      expect(unknownPart.body.meta.message).toMatch(/Unknown file field "answers"/);

      // Fields after a file: the form is built by hand, as a script might.
      const form = new FormData();
      form.append("question", new Blob([(await makePdf(1)) as Uint8Array<ArrayBuffer>]), "q.pdf");
      for (const [name, value] of Object.entries(slot())) form.append(name, value);
      const late = await fetch(`${server.url}/api/v1/admin/papers`, {
        method: "POST",
        body: form,
        headers: { Cookie: adminCookie, Origin: siteOrigin(server), Accept: "application/json" },
      });
      expect(late.status).toBe(400);
      await expectNothingChanged(before);
    });

    it("cuts off a file over 50 MB with 413 as soon as it passes the limit, and changes nothing", async () => {
      const before = await snapshot();
      const result = await streamOversized(server, adminCookie, slot({ year: "2025" }));
      expect(result.status).toBe(413);
      expect(JSON.parse(result.body).meta.message).toBe("The file is larger than 50 MB");
      // Answered after the limit was passed and before the body ended: the rest was never waited for.
      expect(result.sentWhenAnswered).toBeGreaterThan(50 * 1024 * 1024);
      expect(result.sentWhenAnswered).toBeLessThan(OVERSIZED_BODY_BYTES);
      await expectNothingChanged(before);
      // The server is fine afterwards.
      expect((await asAdmin("/api/v1/admin/papers?subject=english&kind=official")).status).toBe(200);
    });

    it("leaves the catalogue as it was when the audit row cannot be written", async () => {
      await failAuditWrites(db(), "math-1-2025-march-marathi");
      try {
        const before = await snapshot();
        const res = await postMultipart(
          server,
          "/api/v1/admin/papers",
          { fields: slot({ year: "2025" }), files: { question: await makePdf(2) } },
          { cookie: adminCookie },
        );
        expect(res.status).toBe(500);
        await expectNothingChanged(before);
        expect((await listing()).some((p) => p.id === "math-1-2025-march-marathi")).toBe(false);
      } finally {
        await allowAuditWrites(db());
      }
    });
  });

  describe("retire and restore", () => {
    const id = "math-1-2024-march-marathi";

    it("hides an official paper from the listing and its PDFs, and brings it back", async () => {
      expect((await listing()).some((p) => p.id === id)).toBe(true);
      const retired = await write(`/api/v1/admin/papers/${id}/retire`);
      expect(retired.status).toBe(200);
      expect((retired.body.data as { paper: CatalogueRow }).paper).toMatchObject({ id, retired: true });
      expect((await listing()).some((p) => p.id === id)).toBe(false);
      expect((await pdf(id)).status).toBe(404);
      expect((await pdf(id, "solution")).status).toBe(404);
      // Kept for the console, with its files.
      const row = await asAdmin(`/api/v1/admin/papers/${id}`);
      expect((row.body.data as { paper: CatalogueRow }).paper.question?.size).toBeGreaterThan(0);
      const retiredOnly = await asAdmin("/api/v1/admin/papers?status=retired");
      expect((retiredOnly.body.data as CatalogueRow[]).map((r) => r.id)).toEqual([id]);

      expect((await write(`/api/v1/admin/papers/${id}/retire`)).status).toBe(409);
      const restored = await write(`/api/v1/admin/papers/${id}/restore`);
      expect(restored.status).toBe(200);
      expect((await listing()).some((p) => p.id === id)).toBe(true);
      expect((await pdf(id)).status).toBe(200);
      expect((await write(`/api/v1/admin/papers/${id}/restore`)).status).toBe(409);
      expect((await write("/api/v1/admin/papers/no-such-paper/retire")).status).toBe(404);

      const history = await auditFor(id);
      expect(history.slice(0, 2).map((e) => e.action)).toEqual(["paper.restore", "paper.retire"]);
      expect(history[1]).toMatchObject({ before: { retired: false }, after: { retired: true } });
      expect(history[0]).toMatchObject({ before: { retired: true }, after: { retired: false } });
    });

    it("hides a model paper from its listing, PDFs and practice, and keeps it retired across a restart", async () => {
      const modelId = "math-1-model-1";
      const models = async () => {
        const res = await api(server.url, "/api/v1/model-papers?subject=math_1&medium=english");
        return (res.body.data as { id: string }[]).map((p) => p.id);
      };
      expect(await models()).toContain(modelId);
      expect((await write(`/api/v1/admin/papers/${modelId}/retire`)).status).toBe(200);
      expect(await models()).not.toContain(modelId);
      expect((await pdf(modelId)).status).toBe(404);
      const start = await api(server.url, "/api/v1/attempts", { json: { paper_id: modelId }, cookie: studentCookie });
      expect(start.status).toBe(404);

      // Start-up's sync leaves the admin's retirement alone, also when it stores the paper again.
      await db()
        .update(modelPapers)
        .set({ sourceSha256: "0".repeat(64) })
        .where(eq(modelPapers.id, modelId));
      const report = await syncModelPapers(server.services);
      expect(report.stored).toEqual([modelId]);
      const [row] = await db().select().from(modelPapers).where(eq(modelPapers.id, modelId));
      expect(row?.retiredAt).not.toBeNull();

      expect((await write(`/api/v1/admin/papers/${modelId}/restore`)).status).toBe(200);
      expect(await models()).toContain(modelId);
      expect((await pdf(modelId)).status).toBe(200);
      expect((await auditFor(modelId)).map((e) => e.action)).toEqual(["paper.restore", "paper.retire"]);
    });

    it("changes nothing and writes no audit row when the audit row fails", async () => {
      await failAuditWrites(db(), id);
      try {
        const before = await snapshot();
        expect((await write(`/api/v1/admin/papers/${id}/retire`)).status).toBe(500);
        await expectNothingChanged(before);
      } finally {
        await allowAuditWrites(db());
      }
    });
  });

  describe("year notes", () => {
    it("are listed from the migration's seed", async () => {
      const res = await asAdmin("/api/v1/admin/year-notes");
      const notes = res.body.data as YearNoteRow[];
      expect(notes.length).toBeGreaterThanOrEqual(10);
      expect(notes.find((n) => n.subjects?.includes("geography"))).toMatchObject({
        year: 2020,
        textMr: expect.stringMatching(/भूगोल/),
        updatedBy: null,
      });
    });

    it("are created, updated and deleted, each with its audit row", async () => {
      const auditBefore = await auditCount();
      const created = await write("/api/v1/admin/year-notes", {
        year: 2024,
        subjects: ["math_1", "math_2"],
        text: "  Algebra was moved to 4 March.  ",
        textMr: "",
      });
      expect(created.status).toBe(201);
      const note = created.body.data as YearNoteRow;
      expect(note).toMatchObject({
        year: 2024,
        subjects: ["math_1", "math_2"],
        text: "Algebra was moved to 4 March.",
        textMr: null,
        updatedBy: { name: admin.name, email: admin.email },
      });
      const updated = await write(
        `/api/v1/admin/year-notes/${note.id}`,
        { year: "2024", subjects: null, text: "Every paper moved a day.", textMr: "प्रत्येक पेपर एक दिवस पुढे गेला." },
        "PUT",
      );
      expect(updated.status).toBe(200);
      expect(updated.body.data).toMatchObject({ subjects: null, textMr: "प्रत्येक पेपर एक दिवस पुढे गेला." });
      const deleted = await asAdmin(`/api/v1/admin/year-notes/${note.id}`, { method: "DELETE" });
      expect(deleted.status).toBe(200);
      expect((await asAdmin(`/api/v1/admin/year-notes/${note.id}`, { method: "DELETE" })).status).toBe(404);
      expect((await write(`/api/v1/admin/year-notes/${note.id}`, { year: 2024, text: "x" }, "PUT")).status).toBe(404);
      expect((await write("/api/v1/admin/year-notes/abc", { year: 2024, text: "x" }, "PUT")).status).toBe(404);

      expect(await auditCount()).toBe(auditBefore + 3);
      const entries = ((await asAdmin(`/api/v1/admin/audit?admin=${admin.id}`)).body.data as AuditRow[]).slice(0, 3);
      expect(entries.map((e) => e.action)).toEqual(["year-note.delete", "year-note.update", "year-note.create"]);
      expect(entries[2]).toMatchObject({ before: null, after: { year: 2024, subjects: ["math_1", "math_2"] } });
      expect(entries[1]).toMatchObject({
        before: { text: "Algebra was moved to 4 March." },
        after: { text: "Every paper moved a day." },
      });
      expect(entries[0]).toMatchObject({ before: { text: "Every paper moved a day." }, after: null, paperId: null });
    });

    it.each([
      [{ year: 2017, text: "x" }, "year"],
      [{ year: 2999, text: "x" }, "year"],
      [{ year: "twenty", text: "x" }, "year"],
      [{ year: 2024, text: "" }, "text"],
      [{ year: 2024, text: "   " }, "text"],
      [{ year: 2024, text: "x".repeat(501) }, "text"],
      [{ year: 2024, text: "x", textMr: "म".repeat(501) }, "textMr"],
      [{ year: 2024, text: "x", subjects: ["physics"] }, "subjects.0"],
      [{ year: 2024, text: "x", subjects: "math_1" }, "subjects"],
      [{ year: 2024, text: "x", subjects: ["math_1", "math_1"] }, "subjects"],
      [{ year: 2024 }, "text"],
    ])("refuses %j with a 400 naming %s", async (body, field) => {
      const auditBefore = await auditCount();
      const notesBefore = await db().select().from(yearNotes).orderBy(asc(yearNotes.id));
      const res = await write("/api/v1/admin/year-notes", body);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.meta.errors ?? {})).toEqual([field]);
      expect(await auditCount()).toBe(auditBefore);
      expect(await db().select().from(yearNotes).orderBy(asc(yearNotes.id))).toEqual(notesBefore);
    });
  });

  describe("audit log", () => {
    it("is filtered by paper and by admin, newest first, a page at a time", async () => {
      const other = await signUpAdmin(server);
      expect(
        (
          await api(server.url, "/api/v1/admin/papers/math-1-2022-march-marathi/retire", {
            json: {},
            cookie: other.cookie,
          })
        ).status,
      ).toBe(200);
      const byOther = (await asAdmin(`/api/v1/admin/audit?admin=${other.admin.id}`)).body.data as AuditRow[];
      expect(byOther).toHaveLength(1);
      expect(byOther[0]).toMatchObject({ action: "paper.retire", paperId: "math-1-2022-march-marathi" });
      const byPaper = (await asAdmin("/api/v1/admin/audit?paper=math-1-2022-march-marathi")).body.data as AuditRow[];
      expect(byPaper.map((e) => e.admin.email)).toEqual([other.admin.email]);

      const all = (await asAdmin("/api/v1/admin/audit")).body.data as AuditRow[];
      expect(all.map((e) => e.id)).toEqual([...all.map((e) => e.id)].sort((a, b) => b - a));
      const older = (await asAdmin(`/api/v1/admin/audit?before=${all[1]?.id}`)).body.data as AuditRow[];
      expect(older[0]?.id).toBe(all[2]?.id);
      expect((await asAdmin("/api/v1/admin/audit?before=x")).status).toBe(400);

      // The paper's page in the console carries its history.
      const detail = await asAdmin("/api/v1/admin/papers/math-1-2022-march-marathi");
      expect((detail.body.data as { history: AuditRow[] }).history).toEqual(byPaper);
      expect((await write("/api/v1/admin/papers/math-1-2022-march-marathi/restore")).status).toBe(200);
    });
  });

  describe("CSRF and rate limits", () => {
    const id = "math-1-2022-march-marathi";

    it("refuses cross-site writes, multipart without Origin, and writes that are not JSON", async () => {
      const before = await snapshot();
      const countBefore = (await server.services.rateLimiter.peek(adminRateLimitKey(admin))).count;
      const crossSite = await asAdmin(`/api/v1/admin/papers/${id}/retire`, {
        json: {},
        headers: { Origin: "https://evil.example" },
      });
      expect(crossSite.status).toBe(403);
      const noOrigin = await postMultipart(
        server,
        "/api/v1/admin/papers",
        { fields: slot({ year: "2025" }), files: { question: await makePdf(1) } },
        { cookie: adminCookie, origin: null },
      );
      expect(noOrigin.status).toBe(403);
      const otherOrigin = await postMultipart(
        server,
        `/api/v1/admin/papers/${id}/files`,
        { files: { question: await makePdf(1) } },
        { cookie: adminCookie, origin: "https://evil.example" },
      );
      expect(otherOrigin.status).toBe(403);
      const notJson = await asAdmin(`/api/v1/admin/papers/${id}/retire`, {
        method: "POST",
        body: "{}",
        headers: { "Content-Type": "text/plain" },
      });
      expect(notJson.status).toBe(415);
      const jsonUpload = await asAdmin("/api/v1/admin/papers", {
        json: slot(),
        headers: { Origin: siteOrigin(server) },
      });
      expect(jsonUpload.status).toBe(415);
      const crossDelete = await asAdmin("/api/v1/admin/year-notes/1", {
        method: "DELETE",
        headers: { Origin: "https://evil.example" },
      });
      expect(crossDelete.status).toBe(403);
      await expectNothingChanged(before);
      // None of the refused writes counted against the admin's own limit (issue 23).
      expect((await server.services.rateLimiter.peek(adminRateLimitKey(admin))).count).toBe(countBefore);
    });

    it("answers 429 with Retry-After once an admin has made too many changes", async () => {
      const key = adminRateLimitKey(admin);
      for (let i = 0; i < ADMIN_WRITES_PER_WINDOW; i++)
        await server.services.rateLimiter.hit(key, ADMIN_WRITE_WINDOW_MS);
      try {
        const before = await snapshot();
        const res = await write(`/api/v1/admin/papers/${id}/retire`);
        expect(res.status).toBe(429);
        expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(res.body.meta.message).toMatch(/Too many changes/);
        const upload = await postMultipart(
          server,
          "/api/v1/admin/papers",
          { fields: slot({ year: "2025" }), files: { question: await makePdf(1) } },
          { cookie: adminCookie },
        );
        expect(upload.status).toBe(429);
        // Reading is not limited.
        expect((await asAdmin("/api/v1/admin/year-notes")).status).toBe(200);
        await expectNothingChanged(before);
      } finally {
        await server.services.rateLimiter.reset(key);
      }
    });
  });

  it("lists the same catalogue to the console's pages as to the API", async () => {
    const direct = await listCatalogue(server.services, { subject: "science_1" });
    const res = await asAdmin("/api/v1/admin/papers?subject=science_1");
    expect(res.body.data).toEqual(JSON.parse(JSON.stringify(direct)));
  });
});

describe("admin console pages on pglite", () => {
  let server: TestServer;
  let dataDir: string;
  let dispose: () => Promise<void>;
  let adminCookie: string;

  beforeAll(async () => {
    const [pglite] = testDatabases();
    if (!pglite) throw new Error("no database");
    dataDir = await mkdtemp(path.join(tmpdir(), "ps-admin-pages-"));
    const database = await pglite.open();
    dispose = database.dispose;
    server = await startTestServer(database, {
      env: { DATA_DIR: dataDir },
      build: await loadBuild(),
      authLimits: { signupPerIp: 10_000 },
    });
    await seedSamplePapers(server.services);
    await syncModelPapers(server.services);
    ({ cookie: adminCookie } = await signUpAdmin(server));
  });
  afterAll(async () => {
    await server?.close();
    await dispose?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  const page = async (p: string) => {
    const res = await fetch(`${server.url}${p}`);
    return { status: res.status, html: await res.text() };
  };
  const write = (p: string, json: unknown = {}, method = "POST") =>
    api(server.url, p, { method, json, cookie: adminCookie });

  it("a retired paper leaves the subject page and comes back when restored", async () => {
    const id = "geography-2019-march-marathi";
    const subject = "/maharashtra-board-geography-question-papers?medium=marathi";
    expect((await page(subject)).html).toContain(id);
    expect((await write(`/api/v1/admin/papers/${id}/retire`)).status).toBe(200);
    expect((await page(subject)).html).not.toContain(id);
    expect((await write(`/api/v1/admin/papers/${id}/restore`)).status).toBe(200);
    expect((await page(subject)).html).toContain(id);
  });

  it("a retired model paper's page is 404, and it is gone from the subject page", async () => {
    const modelPage = "/maharashtra-board-geography-question-papers/geography-model-1";
    expect((await page(modelPage)).status).toBe(200);
    expect((await write("/api/v1/admin/papers/geography-model-1/retire")).status).toBe(200);
    expect((await page(modelPage)).status).toBe(404);
    expect((await page(`/mr${modelPage}`)).status).toBe(404);
    expect((await page("/maharashtra-board-geography-question-papers?medium=english")).html).not.toContain(
      "geography-model-1",
    );
    expect((await page("/practice/new?paper=geography-model-1")).status).toBe(404);
    expect((await write("/api/v1/admin/papers/geography-model-1/restore")).status).toBe(200);
    expect((await page(modelPage)).status).toBe(200);
  });

  it("the subject page shows an edited year note, in Marathi on the Marathi page", async () => {
    const notes = (await api(server.url, "/api/v1/admin/year-notes", { cookie: adminCookie })).body
      .data as YearNoteRow[];
    const note = notes.find((n) => n.year === 2019);
    if (!note) throw new Error("no 2019 note");
    const res = await write(
      `/api/v1/admin/year-notes/${note.id}`,
      { year: 2019, subjects: ["geography"], text: "Edited: maps & <b>bold</b> claims.", textMr: "संपादित टीप." },
      "PUT",
    );
    expect(res.status).toBe(200);
    const english = (await page("/maharashtra-board-geography-question-papers")).html;
    expect(english).toContain("Edited: maps &amp; &lt;b&gt;bold&lt;/b&gt; claims.");
    expect(english).not.toContain("<b>bold</b>");
    expect((await page("/mr/maharashtra-board-geography-question-papers")).html).toContain("संपादित टीप.");
    // Other subjects no longer get it.
    expect((await page("/maharashtra-board-english-question-papers")).html).not.toContain("Edited: maps");
  });
});

describe("npm run admin:create", () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "ps-admin-cli-"));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  function run(args: string[], stdin = ""): Promise<{ code: number | null; stdout: string; stderr: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn(path.join(ROOT, "node_modules/node/bin/node"), ["scripts/admin-create.ts", ...args], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" },
        stdio: ["pipe", "pipe", "pipe"],
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk) => {
        stdout += chunk;
      });
      child.stderr.on("data", (chunk) => {
        stderr += chunk;
      });
      child.on("error", reject);
      child.on("close", (code) => resolve({ code, stdout, stderr }));
      child.stdin.end(stdin);
    });
  }

  /** The embedded database allows one process: opened between the CLI's runs. */
  async function withDatabase<T>(use: (db: Awaited<ReturnType<typeof openPglite>>) => Promise<T>): Promise<T> {
    const database = await openPglite(dataDir);
    try {
      await database.migrate();
      return await use(database);
    } finally {
      await database.close();
    }
  }

  const account = (email: string) =>
    withDatabase(async ({ db }) => {
      const [row] = await db.select().from(users).where(eq(users.email, email));
      return row;
    });

  it("creates an admin account with the password from standard input", async () => {
    const result = await run(
      ["--email", "Asha@Example.com", "--phone", "9876543210", "--name", "Asha"],
      "correct horse 42\n",
    );
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Created the admin account Asha@Example.com/);
    const row = await account("Asha@Example.com");
    expect(row).toMatchObject({ name: "Asha", phone: "919876543210", admin: true, role: null });
    expect(await verifyPassword(row?.passwordHash ?? "", "correct horse 42")).toBe(true);
    // Run again: nothing to do.
    const again = await run(["--email", "asha@example.com"]);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/already an admin/);
  });

  it("promotes an existing account by email, and demotes it", async () => {
    await withDatabase(({ db }) =>
      db.insert(users).values([
        { id: "student-1", name: "Ravi", email: "ravi@example.com", phone: "919800000001", passwordHash: "x", role: 1 },
        { id: "student-2", name: "Meena", email: "meena@example.com", phone: "919800000002", passwordHash: "x" },
      ]),
    );
    const promoted = await run(["--email", "RAVI@example.com"]);
    expect(promoted.code).toBe(0);
    expect(promoted.stdout).toMatch(/ravi@example.com is now an admin/);
    expect(await account("ravi@example.com")).toMatchObject({ admin: true, role: 1, passwordHash: "x" });
    const demoted = await run(["--phone", "9800000001", "--demote"]);
    expect(demoted.code).toBe(0);
    expect((await account("ravi@example.com"))?.admin).toBe(false);
  });

  it("changes nothing when the email and the phone name two different accounts", async () => {
    const result = await run(["--email", "ravi@example.com", "--phone", "919800000002"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/two different accounts\. Nothing was changed/);
    expect((await account("ravi@example.com"))?.admin).toBe(false);
    expect((await account("meena@example.com"))?.admin).toBe(false);
  });

  it("says what is wrong with bad input, with the sign-up rules' messages", async () => {
    const badEmail = await run(["--email", "not-an-email", "--phone", "9800000003"], "correct horse 42\n");
    expect(badEmail.code).toBe(1);
    expect(badEmail.stderr).toMatch(/--email: Invalid email format/);
    const shortPassword = await run(["--email", "new@example.com", "--phone", "9800000003"], "short\n");
    expect(shortPassword.code).toBe(1);
    expect(shortPassword.stderr).toMatch(/--password: Password must be at least 8 characters long/);
    const onlyEmail = await run(["--email", "new@example.com"]);
    expect(onlyEmail.code).toBe(1);
    expect(onlyEmail.stderr).toMatch(/give both --email and --phone/);
    const usage = await run([]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/^Usage: npm run admin:create/);
    const unknownOption = await run(["--email", "a@b.co", "--root"]);
    expect(unknownOption.code).toBe(2);
    expect(await account("new@example.com")).toBeUndefined();
  }, 120_000); // Five runs of the CLI, each opening the database: about 6 s apiece on a busy 2-core machine.
});

describe.each(testDatabases())("setUpAdmin on $name", (target) => {
  it("promotes by phone and refuses two accounts, without touching either", async () => {
    const database = await target.open();
    try {
      const services = { database };
      const created = await setUpAdmin(
        services,
        { email: "one@example.com", phone: "9811111111" },
        async () => "a long password",
      );
      expect(created).toMatchObject({ ok: true, change: "created" });
      await database.db
        .insert(users)
        .values({ id: "two", name: "Two", email: "two@example.com", phone: "919822222222", passwordHash: "x" });
      const conflict = await setUpAdmin(services, { email: "two@example.com", phone: "9811111111" }, async () => "");
      expect(conflict.ok).toBe(false);
      expect(
        rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from users where admin`))[0]?.n,
      ).toBe(1);
      expect(await setUpAdmin(services, { phone: "919822222222" }, async () => "")).toMatchObject({
        change: "promoted",
      });
    } finally {
      await database.dispose();
    }
  });
});

/** A trigger that makes every audit row for `paperId` fail: the change it belongs to must roll back. */
async function failAuditWrites(db: TestServer["services"]["database"]["db"], paperId: string): Promise<void> {
  await db.execute(
    sql.raw(`
    create or replace function ps_test_refuse_audit() returns trigger language plpgsql as $$
    begin
      if new.paper_id = '${paperId}' then raise exception 'audit refused by the test'; end if;
      return new;
    end $$;
  `),
  );
  await db.execute(
    sql`create trigger ps_test_refuse_audit before insert on audit_log for each row execute function ps_test_refuse_audit()`,
  );
}

async function allowAuditWrites(db: TestServer["services"]["database"]["db"]): Promise<void> {
  await db.execute(sql`drop trigger if exists ps_test_refuse_audit on audit_log`);
}

/**
 * A multipart upload of a file of OVERSIZED_BODY_BYTES, sent 1 MiB at a time until the server answers.
 * Returns the answer and how many bytes had been sent when it came.
 */
function streamOversized(
  server: TestServer,
  cookie: string,
  fields: Record<string, string>,
): Promise<{ status: number; body: string; sentWhenAnswered: number }> {
  const boundary = "----ps-test-boundary-7c1f";
  const head =
    Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join("") +
    `--${boundary}\r\nContent-Disposition: form-data; name="question"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  const url = new URL(`${server.url}/api/v1/admin/papers`);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = httpRequest({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: "POST",
      headers: {
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
        Cookie: cookie,
        Origin: siteOrigin(server),
        Accept: "application/json",
      },
    });
    req.on("error", (error) => {
      // The server closes the connection after its answer; a write racing that is expected.
      if (!answered) reject(error);
    });
    req.on("response", (res) => {
      answered = true;
      const sentWhenAnswered = sent;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        body += chunk;
      });
      res.on("end", () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body, sentWhenAnswered });
      });
    });
    const chunk = Buffer.alloc(1024 * 1024, 0x25);
    const pump = () => {
      while (!answered && sent < OVERSIZED_BODY_BYTES) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!answered) req.end(`\r\n--${boundary}--\r\n`);
    };
    req.write(head);
    pump();
  });
}
