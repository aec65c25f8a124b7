/**
 * "Report a problem" (issue 15) over HTTP on a real database: the students' API and page (with and without
 * JavaScript: the page's form action), their rate limits per address and per account, escaping of what a
 * student types, and the admins' inbox (list, status change with its audit row, 404 for anyone else).
 *
 * The papers: one official and one sample row made here (no PDFs are needed to report them), and the model
 * paper math-1-model-1 from content/papers, whose Q.2 (A) (1) has the item id q2a1.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPORT_MESSAGES } from "../../domain/report-schema.ts";
import type { ReportRow } from "../../domain/reports.ts";
import { auditLog, papers, problemReports, users } from "../../server/db/schema.ts";
import { paperId, paperRow } from "../../server/papers/catalog.server.ts";
import { openReportCount, REPORT_LIMITS } from "../../server/reports/reports.server.ts";
import { loadBuild } from "../support/build.ts";
import { testDatabases } from "../support/databases.ts";
import { api, type JsonResponse, newAccount } from "../support/http.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

const MODEL = "math-1-model-1";
const XSS_SCRIPT = "<script>alert(1)</script>";
const XSS_ATTRIBUTE = `"><img src=x onerror=alert(1)>`;
const XSS = `Page 2 ${XSS_SCRIPT} and ${XSS_ATTRIBUTE} end`;

let addresses = 0;
/** A client address of its own for each test, so that one test's reports never count against another's. */
function nextIp(): string {
  addresses += 1;
  return `10.9.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
}

function expectRefused(res: JsonResponse, status: number) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.meta.success).toBe(false);
  expect(res.body.meta.message.length).toBeGreaterThan(5);
  expect(res.body.data).toBeNull();
}

for (const target of testDatabases()) {
  describe(`problem reports on ${target.name}`, () => {
    let server: TestServer;
    let database: Awaited<ReturnType<typeof target.open>>;
    let dataDir: string;
    let official: string;
    let sample: string;
    let student: { cookie: string; id: string };
    let admin: { cookie: string; id: string };

    const report = (
      json: unknown,
      options: { ip?: string; cookie?: string | null; headers?: Record<string, string> } = {},
    ) =>
      api(server.url, "/api/v1/reports", {
        json,
        cookie: options.cookie ?? null,
        headers: { "X-Forwarded-For": options.ip ?? nextIp(), ...options.headers },
      });

    const stored = (id: string) =>
      database.db
        .select()
        .from(problemReports)
        .where(eq(problemReports.id, id))
        .then((rows) => rows[0]);

    async function signUp(): Promise<{ cookie: string; id: string }> {
      const account = newAccount();
      const res = await api(server.url, "/api/v1/signup", { json: account, headers: { "X-Forwarded-For": nextIp() } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
      if (!res.cookie || !row) throw new Error("sign-up gave no session");
      return { cookie: res.cookie, id: row.id };
    }

    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), "ps-reports-"));
      database = await target.open();
      server = await startTestServer(database, { build: await loadBuild(), env: { DATA_DIR: dataDir } });
      // Two board papers (no files are needed to report one): an official 2023 March and a sample 2022 July.
      const file = { sha256: "a".repeat(64), pages: 4 };
      const officialSlot = { standard: 10 as const, subject: "math_1" as const, year: 2023, session: "march" as const };
      const sampleSlot = { standard: 10 as const, subject: "science_1" as const, year: 2022, session: "july" as const };
      official = paperId(officialSlot, ["english"]);
      sample = paperId(sampleSlot, ["marathi"]);
      await database.db.insert(papers).values([
        { id: official, ...paperRow(officialSlot, ["english"], { question: file, solution: undefined }, true) },
        { id: sample, ...paperRow(sampleSlot, ["marathi"], { question: file, solution: file }, false) },
      ]);
      student = await signUp();
      admin = await signUp();
      await database.db.update(users).set({ admin: true }).where(eq(users.id, admin.id));
    });

    afterAll(async () => {
      await server?.close();
      await database?.dispose();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    describe("POST /api/v1/reports", () => {
      it("stores a visitor's report and thanks them without echoing it", async () => {
        const res = await report({ paper_id: official, reason: "pages", message: "  Page 3 is blank  " });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        expect(res.body.meta).toEqual({ success: true, message: REPORT_MESSAGES.thanks });
        expect(Object.keys(res.body.data as object)).toEqual(["id"]);
        expect(res.headers.get("cache-control")).toBe("no-store");
        const row = await stored((res.body.data as { id: string }).id);
        expect(row).toMatchObject({
          paperId: official,
          reason: "pages",
          question: null,
          message: "Page 3 is blank",
          userId: null,
          status: "open",
        });
      });

      it("records a signed-in student's account", async () => {
        const res = await report({ paper_id: sample, reason: "wrong-paper" }, { cookie: student.cookie });
        expect(res.status).toBe(201);
        expect(await stored((res.body.data as { id: string }).id)).toMatchObject({
          paperId: sample,
          userId: student.id,
          message: null,
        });
      });

      it("takes a model paper's question by its label", async () => {
        const res = await report({ paper_id: MODEL, reason: "solution", question: "Q2(A)(1)", message: "x" });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        expect(await stored((res.body.data as { id: string }).id)).toMatchObject({
          paperId: MODEL,
          question: "Q2(A)(1)",
        });
      });

      it("keeps exactly 1,000 characters and refuses 1,001", async () => {
        expect((await report({ paper_id: official, reason: "other", message: "m".repeat(1000) })).status).toBe(201);
        const res = await report({ paper_id: official, reason: "other", message: "m".repeat(1001) });
        expectRefused(res, 400);
        expect(res.body.meta.errors).toEqual({ message: REPORT_MESSAGES.messageLong });
      });

      it.each([
        ["a missing reason", { paper_id: "PAPER" }, 400, "reason"],
        ["an unknown reason", { paper_id: "PAPER", reason: "spam" }, 400, "reason"],
        ["a missing paper", { reason: "pages" }, 400, "paper_id"],
        ["paper_id as an array", { paper_id: ["PAPER", "PAPER"], reason: "pages" }, 400, "paper_id"],
        ["a message that is not text", { paper_id: "PAPER", reason: "pages", message: { a: 1 } }, 400, "message"],
        ["a question on a board paper", { paper_id: "PAPER", reason: "pages", question: "Q1(A)(1)" }, 400, "question"],
        ["an unknown question", { paper_id: MODEL, reason: "solution", question: "Q9(Z)(9)" }, 400, "question"],
        ["an unknown paper", { paper_id: "no-such-paper-2023", reason: "pages" }, 404, "paper_id"],
        ["a paper id with markup", { paper_id: XSS_SCRIPT, reason: "pages" }, 404, "paper_id"],
      ])("refuses %s with a message", async (_what, body, status, field) => {
        const json = JSON.parse(JSON.stringify(body).replaceAll("PAPER", official));
        const res = await report(json);
        expectRefused(res, status);
        expect(Object.keys(res.body.meta.errors ?? {})).toEqual([field]);
        expect(JSON.stringify(res.body)).not.toContain(XSS_SCRIPT);
      });

      it("refuses what is not a JSON object, and cross-site requests", async () => {
        const post = (body: string, headers: Record<string, string>) =>
          api(server.url, "/api/v1/reports", {
            method: "POST",
            body,
            headers: { "X-Forwarded-For": nextIp(), ...headers },
          });
        expectRefused(await post("{not json", { "Content-Type": "application/json" }), 400);
        expectRefused(await post(`[{"paper_id":"${official}"}]`, { "Content-Type": "application/json" }), 400);
        expectRefused(
          await post(`paper_id=${official}&reason=pages`, { "Content-Type": "application/x-www-form-urlencoded" }),
          415,
        );
        expectRefused(
          await report({ paper_id: official, reason: "pages" }, { headers: { Origin: "https://evil.example" } }),
          403,
        );
        const ours = await report(
          { paper_id: official, reason: "pages" },
          { headers: { Origin: server.services.config.siteUrl } },
        );
        expect(ours.status).toBe(201);
      });

      it("limits reports per address, with Retry-After", async () => {
        const ip = nextIp();
        for (let i = 0; i < REPORT_LIMITS.perAddress.max; i += 1) {
          expect((await report({ paper_id: official, reason: "other" }, { ip })).status).toBe(201);
        }
        const res = await report({ paper_id: official, reason: "other" }, { ip });
        expectRefused(res, 429);
        expect(res.body.meta.message).toMatch(/^Too many reports in a short time\. Please try again in 10 minutes\.$/);
        expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(500);
        // Invalid reports are not counted, and another address is not held back.
        expectRefused(await report({ paper_id: official }, { ip }), 400);
        expect((await report({ paper_id: official, reason: "other" })).status).toBe(201);
      });

      it("limits reports per account, whatever the address", async () => {
        const account = await signUp();
        for (let i = 0; i < REPORT_LIMITS.perAccount.max; i += 1) {
          expect((await report({ paper_id: sample, reason: "other" }, { cookie: account.cookie })).status).toBe(201);
        }
        const res = await report({ paper_id: sample, reason: "other" }, { cookie: account.cookie });
        expectRefused(res, 429);
        expect(res.body.meta.message).toMatch(/Please try again in 60 minutes\.$/);
        expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(3000);
        // A visitor at the same time is not held back by the student's limit.
        expect((await report({ paper_id: sample, reason: "other" })).status).toBe(201);
      });

      it("stores markup as typed and never answers with it", async () => {
        const res = await report({ paper_id: official, reason: "other", message: XSS });
        expect(res.status).toBe(201);
        const raw = await fetch(`${server.url}/api/v1/reports`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Forwarded-For": nextIp() },
          body: JSON.stringify({ paper_id: official, reason: "other", message: XSS }),
        });
        const text = await raw.text();
        expect(text).not.toContain("<");
        expect(text).not.toContain("onerror");
        expect((await stored((res.body.data as { id: string }).id))?.message).toBe(XSS);
      });
    });

    describe("the admins' inbox", () => {
      const inbox = (query = "", cookie: string | null = admin.cookie) =>
        api(server.url, `/api/v1/admin/reports${query}`, { cookie });
      const setStatus = (id: string, json: unknown, cookie: string | null = admin.cookie, headers = {}) =>
        api(server.url, `/api/v1/admin/reports/${id}/status`, { json, cookie, headers });

      it("is not there for visitors and students", async () => {
        for (const cookie of [null, student.cookie]) {
          const list = await inbox("", cookie);
          expect(list.status).toBe(404);
          expect(list.body.meta.message).toBe("No such API endpoint");
          expect((await setStatus("x", { status: "fixed" }, cookie)).status).toBe(404);
        }
      });

      it("lists reports newest first with their papers, by status", async () => {
        const made = await report({ paper_id: MODEL, reason: "solution", question: "Q2(A)(1)", message: XSS });
        const id = (made.body.data as { id: string }).id;
        const res = await inbox("?status=open");
        expect(res.status).toBe(200);
        expect(res.headers.get("content-type")).toMatch(/^application\/json/);
        expect(res.headers.get("x-content-type-options")).toBe("nosniff");
        const rows = res.body.data as ReportRow[];
        expect(rows[0]).toMatchObject({
          id,
          paperId: MODEL,
          paperKind: "model",
          publicUrl: "/maharashtra-board-math-1-question-papers/math-1-model-1",
          adminUrl: "/admin/papers/math-1-model-1",
          reason: "solution",
          question: "Q2(A)(1)",
          message: XSS,
          status: "open",
          reporter: "anonymous",
        });
        expect(rows.every((row) => row.status === "open")).toBe(true);
        const board = rows.find((row) => row.paperId === official);
        expect(board).toMatchObject({
          paperTitle: "Mathematics 1 2023 March",
          paperKind: "official",
          publicUrl: `/maharashtra-board-math-1-question-papers?medium=english&paper=${official}`,
        });
        expect(rows.find((row) => row.paperId === sample && row.reporter === "signed in")?.paperKind).toBe("sample");
        expect((await inbox("?status=fixed")).body.data).toEqual([]);
        expectRefused(await inbox("?status=closed"), 400);
      });

      it("changes a report's status with its audit row, and the open count follows", async () => {
        const made = await report({ paper_id: sample, reason: "pages" });
        const id = (made.body.data as { id: string }).id;
        const openBefore = await openReportCount(server.services);
        expectRefused(await setStatus(id, { status: "done" }), 400);
        expectRefused(await setStatus(id, { status: "fixed" }, admin.cookie, { Origin: "https://evil.example" }), 403);
        expectRefused(await setStatus("no-such-report", { status: "fixed" }), 404);
        const res = await setStatus(id, { status: "fixed" });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.data).toMatchObject({ id, status: "fixed", paperId: sample });
        expect(await openReportCount(server.services)).toBe(openBefore - 1);
        expect((await stored(id))?.status).toBe("fixed");
        const audit = await database.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, "report.status"), eq(auditLog.paperId, sample)));
        expect(audit).toHaveLength(1);
        expect(audit[0]).toMatchObject({
          adminId: admin.id,
          before: { report: id, status: "open" },
          after: { report: id, status: "fixed" },
        });
        const fixed = (await inbox("?status=fixed")).body.data as ReportRow[];
        expect(fixed.map((row) => row.id)).toEqual([id]);
        // The same status again changes nothing and writes no second row.
        expect((await setStatus(id, { status: "fixed" })).status).toBe(200);
        const again = await database.db.select().from(auditLog).where(eq(auditLog.action, "report.status"));
        expect(again).toHaveLength(1);
      });
    });

    describe("the report page", () => {
      const page = (pathAndQuery: string) => fetch(`${server.url}${pathAndQuery}`);
      const submit = (pathAndQuery: string, fields: Record<string, string>, ip = nextIp(), cookie?: string) =>
        fetch(`${server.url}${pathAndQuery}`, {
          method: "POST",
          redirect: "manual",
          // No Origin, as an older browser: the test server's SITE_URL (port 0) is not the address it listens on,
          // which React Router would take for a forged post. A foreign Origin is tested below.
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            "X-Forwarded-For": ip,
            ...(cookie ? { Cookie: cookie } : {}),
          },
          body: new URLSearchParams(fields).toString(),
        });

      it("shows an official paper's report form, noindex", async () => {
        const res = await page(`/report?paper=${official}`);
        expect(res.status).toBe(200);
        expect(res.headers.get("cache-control")).toBe("private, no-store");
        const html = await res.text();
        expect(html).toContain('<meta name="robots" content="noindex"/>');
        expect(html).toContain("Mathematics 1, March 2023");
        expect(html).toContain("Board paper");
        expect(html).toContain("Wrong paper or year");
        expect(html).toContain('maxLength="1000"');
        expect(html).not.toContain('name="question"');
      });

      it("shows a sample paper as a sample", async () => {
        const html = await (await page(`/report?paper=${sample}`)).text();
        expect(html).toContain("Science and Technology 1, July 2022");
        expect(html).toContain("Sample paper, not an official board paper");
      });

      it("offers a model paper's questions, with the linked one chosen", async () => {
        const res = await page(`/report?paper=${MODEL}&question=q2a1`);
        expect(res.status).toBe(200);
        const html = await res.text();
        expect(html).toContain("PaperStation model paper");
        expect(html).toMatch(/<option value="Q2\(A\)\(1\)" selected="">Q\.2 \(A\) \(1\)<\/option>/);
        expect(html).toMatch(/<option value="Q1\(A\)\(1\)">/);
      });

      it("says so when the paper is unknown", async () => {
        for (const query of ["?paper=no-such-paper-2023", "", `?paper=${encodeURIComponent(XSS)}`]) {
          const res = await page(`/report${query}`);
          expect(res.status).toBe(404);
          const html = await res.text();
          expect(html).toContain("We could not find that paper");
          expect(html).not.toContain(XSS_SCRIPT);
        }
      });

      it("keeps the page's messages in the data request a form's action revalidates with", async () => {
        for (const [prefix, locale] of [
          ["", "en"],
          ["/mr", "mr"],
        ]) {
          const res = await page(`${prefix}/report.data?paper=${official}`);
          expect(res.status).toBe(200);
          expect(await res.text()).toMatch(new RegExp(`"catalog","${locale}\\.report\\.`));
        }
      });

      it("is in Marathi under /mr", async () => {
        const res = await page(`/mr/report?paper=${official}`);
        expect(res.status).toBe(200);
        const html = await res.text();
        expect(html).toContain('lang="mr"');
        expect(html).toContain("समस्या कळवा");
        expect(html).toContain("चुकीची प्रश्नपत्रिका किंवा चुकीचे वर्ष");
        expect(html).toContain("गणित भाग 1, मार्च 2023");
      });

      it("stores a report sent without JavaScript and thanks the student", async () => {
        const res = await submit(
          `/report?paper=${MODEL}&question=q2a1`,
          {
            paper_id: MODEL,
            reason: "solution",
            question: "Q2(A)(1)",
            message: `Answer is wrong ${XSS}`,
          },
          nextIp(),
          student.cookie,
        );
        expect(res.status).toBe(200);
        const html = await res.text();
        expect(html).toContain("Thank you!");
        expect(html).toContain(`href="/maharashtra-board-math-1-question-papers/math-1-model-1"`);
        // The thank-you repeats nothing the student typed, escaped or not.
        expect(html).not.toContain("Answer is wrong");
        const [row] = await database.db
          .select()
          .from(problemReports)
          .where(eq(problemReports.message, `Answer is wrong ${XSS}`));
        expect(row).toMatchObject({ paperId: MODEL, question: "Q2(A)(1)", userId: student.id });
      });

      it("thanks in Marathi on the Marathi page", async () => {
        const res = await submit(`/mr/report?paper=${sample}`, { paper_id: sample, reason: "pages", message: "" });
        expect(res.status).toBe(200);
        const html = await res.text();
        expect(html).toContain("धन्यवाद!");
        expect(html).toContain(
          `href="/mr/maharashtra-board-science-1-question-papers?medium=marathi&amp;paper=${sample}"`,
        );
      });

      it("shows what to fix inline, with the student's text escaped", async () => {
        const res = await submit(`/report?paper=${official}`, { paper_id: official, reason: "", message: XSS });
        expect(res.status).toBe(400);
        const html = await res.text();
        expect(html).toContain(REPORT_MESSAGES.reasonRequired);
        expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
        expect(html).not.toContain(XSS_SCRIPT);
        expect(html).not.toContain("<img src=x");
        const mr = await submit(`/mr/report?paper=${official}`, {
          paper_id: official,
          reason: "pages",
          message: "m".repeat(1001),
        });
        expect(mr.status).toBe(400);
        expect(await mr.text()).toContain("संदेश जास्तीत जास्त 1,000 अक्षरांचा असावा");
      });

      it("says when the paper went away, and when the limit is reached", async () => {
        const gone = await submit(`/report?paper=${official}`, { paper_id: "no-such-paper-2023", reason: "pages" });
        expect(gone.status).toBe(404);
        expect(await gone.text()).toContain("No such paper");
        const ip = nextIp();
        for (let i = 0; i < REPORT_LIMITS.perAddress.max; i += 1) {
          expect((await submit(`/report?paper=${official}`, { paper_id: official, reason: "other" }, ip)).status).toBe(
            200,
          );
        }
        const limited = await submit(`/mr/report?paper=${official}`, { paper_id: official, reason: "other" }, ip);
        expect(limited.status).toBe(429);
        expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(500);
        expect(await limited.text()).toContain("थोड्या वेळात खूप समस्या कळवल्या गेल्या. 10 मिनिटांनी पुन्हा प्रयत्न करा.");
      });

      it("refuses a form posted from another site", async () => {
        const res = await fetch(`${server.url}/report?paper=${official}`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" },
          body: `paper_id=${official}&reason=pages`,
        });
        expect(res.status).toBe(403);
      });

      it("never shows a student's markup unescaped in the console's inbox", async () => {
        await report({ paper_id: official, reason: "other", message: XSS });
        const res = await fetch(`${server.url}/admin/reports`, { headers: { Cookie: admin.cookie } });
        expect(res.status).toBe(200);
        const html = await res.text();
        expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
        expect(html).not.toContain(XSS_SCRIPT);
        expect(html).not.toContain("<img src=x");
      });
    });
  });
}
