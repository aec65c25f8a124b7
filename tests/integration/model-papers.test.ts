/**
 * PaperStation's model papers over HTTP: the listing API (same envelope and validation as get-question),
 * and gating: a visitor gets the paper's details and first question, never the rest or any answer.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEDIUMS } from "../../domain/catalog.ts";
import { SUBJECTS } from "../../domain/subjects.ts";
import { modelPapers } from "../../server/db/schema.ts";
import type { ModelPaperSummary } from "../../server/model-papers/catalog.server.ts";
import { getModelPapers } from "../../server/model-papers/catalog.server.ts";
import { syncModelPapers } from "../../server/model-papers/sync.server.ts";
import { loadBuild } from "../support/build.ts";
import { testDatabases } from "../support/databases.ts";
import { signedInCookie } from "../support/pdf-fixtures.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

describe("model papers over HTTP", () => {
  let server: TestServer;
  let dispose: () => Promise<void>;
  let cookie: string;

  beforeAll(async () => {
    const [pglite] = testDatabases();
    if (!pglite) throw new Error("no database");
    const database = await pglite.open();
    dispose = database.dispose;
    server = await startTestServer(database, { build: await loadBuild() });
    cookie = await signedInCookie(server.services);
  });
  afterAll(async () => {
    await server?.close();
    await dispose?.();
  });

  async function list(query: string) {
    const res = await fetch(`${server.url}/api/v1/model-papers${query}`);
    return {
      status: res.status,
      body: (await res.json()) as {
        meta: { success: boolean; message: string; errors?: Record<string, string> };
        data: ModelPaperSummary[] | null;
      },
    };
  }

  it("lists two or more papers for every subject in every medium", async () => {
    for (const subject of SUBJECTS) {
      for (const medium of MEDIUMS) {
        const { status, body } = await list(`?subject=${subject.key}&medium=${medium}`);
        expect(status).toBe(200);
        expect(body.meta.success).toBe(true);
        const papers = body.data ?? [];
        expect(papers.length, `${subject.key} ${medium}`).toBeGreaterThanOrEqual(2);
        for (const paper of papers) {
          expect(paper.subject).toBe(subject.key);
          expect(paper.page_url).toBe(`/maharashtra-board-${subject.slug}-question-papers/${paper.id}`);
          expect(paper.question_url).toBe(`/papers/${paper.id}/question.pdf`);
          expect(paper.solution_url).toBe(`/papers/${paper.id}/solution.pdf`);
          expect(paper.marks).toBeGreaterThan(0);
          expect(paper.marks_with_options).toBeGreaterThan(paper.marks);
          expect(paper.chapters.length).toBeGreaterThan(0);
        }
      }
    }
  });

  it.each([
    ["", "subject", /subject is required/],
    ["?subject=physics", "subject", /Unknown subject "physics"/],
    ["?subject=math_1&medium=hindi", "medium", /Unknown medium "hindi"/],
    ["?subject=math_1&subject=math_2", "subject", /given more than once/],
    ["?subject=math_1&standard=9", "standard", /Unknown standard/],
  ])("answers 400 with a message naming the field for %s", async (query, field, message) => {
    const { status, body } = await list(query);
    expect(status).toBe(400);
    expect(body.meta.success).toBe(false);
    expect(body.data).toBeNull();
    expect(body.meta.errors?.[field]).toMatch(message);
  });

  const paper = () => {
    const found = getModelPapers().byId.get("math-1-model-1");
    if (!found) throw new Error("math-1-model-1 is missing");
    return found;
  };
  const page = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${server.url}${path}`, { headers });
    return { status: res.status, html: await res.text() };
  };
  const pagePath = "/maharashtra-board-math-1-question-papers/math-1-model-1";
  const textOf = (questionIndex: number) => {
    const item = paper().questions[questionIndex]?.sections[0]?.items[0];
    if (!item) throw new Error("no item");
    // A plain stretch of the item's words (before any maths or markup).
    return (
      item.text
        .split(/[$*|\n]/)[0]
        ?.trim()
        .slice(0, 30) ?? ""
    );
  };

  it("shows a visitor the details and Q.1 only, without answers", async () => {
    const { status, html } = await page(pagePath);
    expect(status).toBe(200);
    expect(html).toContain(paper().title);
    expect(html).toContain(textOf(0));
    expect(html).not.toContain(textOf(3));
    // The page's catalog carries the words "Show answer"; the answers' disclosures must not be there.
    expect(html).not.toMatch(/<summary[^>]*>Show answer/);
    expect(html).not.toContain(paper().questions[0]?.sections[0]?.items[0]?.marking[0]?.point ?? "—");
    expect(html).toContain("Sign in to see the whole paper");
  });

  it("shows a signed-in student every question and every answer", async () => {
    const { status, html } = await page(pagePath, { Cookie: cookie });
    expect(status).toBe(200);
    expect(html).toContain(textOf(3));
    expect(html).toMatch(/<summary[^>]*>Show answer/);
    expect(html).toContain("<math");
    const all = await page(`${pagePath}?answers=all`, { Cookie: cookie });
    expect(all.html).toMatch(/<details open=""/);
  });

  it("answers 404 for an unknown paper, or a paper under another subject", async () => {
    expect((await page("/maharashtra-board-math-1-question-papers/math-1-model-99")).status).toBe(404);
    expect((await page("/maharashtra-board-math-2-question-papers/math-1-model-1")).status).toBe(404);
  });
});

describe("model paper PDFs", () => {
  let server: TestServer;
  let dispose: () => Promise<void>;
  let cookie: string;
  let dataDir: string;

  beforeAll(async () => {
    const [pglite] = testDatabases();
    if (!pglite) throw new Error("no database");
    dataDir = await mkdtemp(path.join(tmpdir(), "ps-model-pdfs-"));
    const database = await pglite.open();
    dispose = database.dispose;
    server = await startTestServer(database, { env: { DATA_DIR: dataDir } });
    cookie = await signedInCookie(server.services);
  });
  afterAll(async () => {
    await server?.close();
    await dispose?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("are stored for every paper at start-up, and not again while nothing changed", async () => {
    const first = await syncModelPapers(server.services);
    expect(first.stored.length).toBe(getModelPapers().papers.length);
    const again = await syncModelPapers(server.services);
    expect(again.stored).toEqual([]);
    expect(again.unchanged.length).toBe(getModelPapers().papers.length);
  });

  it("are served to a signed-in student only, with a readable file name", async () => {
    const url = `${server.url}/papers/math-1-model-1/solution.pdf`;
    expect((await fetch(url, { headers: { Accept: "application/json" } })).status).toBe(401);
    const res = await fetch(url, { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(
      'inline; filename="PaperStation-Algebra-Model-Paper-1-Solution.pdf"',
    );
    expect(new TextDecoder().decode((await res.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
  });

  it("are stored again when a stored file went missing", async () => {
    const [row] = await server.services.database.db
      .select()
      .from(modelPapers)
      .where(eq(modelPapers.id, "english-model-1"));
    if (!row) throw new Error("no row");
    const file = path.join(dataDir, "papers", row.questionSha256.slice(0, 2), `${row.questionSha256}.pdf`);
    await rm(file);
    const report = await syncModelPapers(server.services);
    expect(report.stored).toEqual(["english-model-1"]);
    expect((await server.services.paperStore.stat(row.questionSha256))?.size).toBeGreaterThan(0);
  });
});
