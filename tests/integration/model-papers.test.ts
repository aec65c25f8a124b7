/**
 * PaperStation's model papers over HTTP: the listing API (same envelope and validation as get-question),
 * and gating: a visitor gets the paper's details and first question, never the rest or any answer.
 */
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { MEDIUMS } from "../../domain/catalog.ts";
import { SUBJECTS } from "../../domain/subjects.ts";
import { modelPapers } from "../../server/db/schema.ts";
import type { ModelPaperSummary } from "../../server/model-papers/catalog.server.ts";
import { getModelPapers } from "../../server/model-papers/catalog.server.ts";
import {
  CHAPTER_SET_SIZE,
  type QuestionBankSummary,
  questionBankSummary,
} from "../../server/model-papers/question-bank.server.ts";
import { syncModelPapers } from "../../server/model-papers/sync.server.ts";
import { testDatabases } from "../support/databases.ts";
import { signedInCookie } from "../support/pdf-fixtures.ts";
import { startPageServer, startTestServer, type TestServer } from "../support/server.ts";

const PAGE = "/maharashtra-board-math-1-question-papers/chapter-practice";
/** A question's model answer, behind its own "Show answer" (app/model-papers/model-paper-view.tsx). */
const ANSWER = /<details[^>]*border-green-200/g;

describe("model papers over HTTP", () => {
  let server: TestServer;
  let cookie: string;

  beforeAll(async () => {
    server = await startPageServer();
    cookie = await signedInCookie(server.services);
  });
  afterAll(async () => {
    await server?.close();
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

  describe("GET /api/v1/question-bank", () => {
    async function bank(query: string) {
      const res = await fetch(`${server.url}/api/v1/question-bank${query}`);
      return {
        status: res.status,
        cacheControl: res.headers.get("cache-control"),
        body: (await res.json()) as {
          meta: { success: boolean; message: string; errors?: Record<string, string> };
          data: QuestionBankSummary | null;
        },
      };
    }

    /** Items per chapter counted from the YAML files themselves, not through the app's loader. */
    async function countFromFiles(subject: string, medium: string) {
      const dir = path.join(import.meta.dirname, "../../content/papers", subject);
      const counts = new Map<string, number>();
      let papers = 0;
      for (const file of (await readdir(dir)).filter((f) => f.endsWith(".yaml"))) {
        const raw = parseYaml(await readFile(path.join(dir, file), "utf8")) as {
          mediums: string[];
          questions: Array<{ sections: Array<{ items: Array<{ chapter: string }> }> }>;
        };
        if (!raw.mediums.includes(medium)) continue;
        papers += 1;
        for (const q of raw.questions)
          for (const s of q.sections) for (const i of s.items) counts.set(i.chapter, (counts.get(i.chapter) ?? 0) + 1);
      }
      return { papers, counts };
    }

    it("counts every subject's items by chapter, in every medium, as the paper files hold them", async () => {
      for (const subject of SUBJECTS) {
        for (const medium of MEDIUMS) {
          const { status, body, cacheControl } = await bank(`?subject=${subject.key}&medium=${medium}`);
          expect(status).toBe(200);
          expect(cacheControl).toBe("public, max-age=60");
          const data = body.data;
          if (!data) throw new Error(`${subject.key} ${medium}: no data`);
          const expected = await countFromFiles(subject.key, medium);
          expect(data.papers, `${subject.key} ${medium}`).toBe(expected.papers);
          const listed = new Map(data.chapters.map((c) => [c.id, c.items]));
          for (const [chapter, items] of expected.counts)
            expect(listed.get(chapter), `${subject.key} ${chapter}`).toBe(items);
          expect(data.items).toBe([...expected.counts.values()].reduce((a, b) => a + b, 0));
          expect(data.chapters.every((c) => c.name.length > 0 && (c.items === 0) === (c.marks === 0))).toBe(true);
        }
      }
    });

    it("names chapters as the medium's textbook does", async () => {
      const { body } = await bank("?subject=math_1&medium=marathi");
      const { body: english } = await bank("?subject=math_1&medium=english");
      expect(body.data?.chapters.map((c) => c.id)).toEqual(english.data?.chapters.map((c) => c.id));
      expect(body.data?.chapters[0]?.name).toMatch(/[\u0900-\u097F]/);
      expect(english.data?.chapters[0]?.name).toMatch(/^[A-Za-z]/);
    });

    it("answers 400 naming the field for a bad query", async () => {
      const { status, body } = await bank("?subject=physics");
      expect(status).toBe(400);
      expect(body.data).toBeNull();
      expect(body.meta.errors?.subject).toMatch(/Unknown subject "physics"/);
    });
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

  // Practice by chapter (issue 25 §4): the public chapter list, a set made from a seed in its URL, only from the
  // chosen chapters and for a signed-in student, and inline messages for a form sent wrong.
  describe("practice by chapter", () => {
    async function get(path: string, headers: Record<string, string> = {}) {
      const res = await fetch(`${server.url}${path}`, { headers, redirect: "manual" });
      return { status: res.status, location: res.headers.get("location"), html: await res.text() };
    }

    /** The set's questions, as `<paper id>-<item id>` anchors in page order. */
    const anchorsIn = (html: string) =>
      [...html.matchAll(/<li id="([a-z0-9-]+)" class="scroll-mt-20/g)].map((m) => m[1]);

    /** The chapter of an anchor's item, read from the paper files through the catalogue. */
    function chapterOf(anchor: string): string | undefined {
      for (const paper of getModelPapers().papers) {
        if (!anchor.startsWith(`${paper.id}-`)) continue;
        const itemId = anchor.slice(paper.id.length + 1);
        for (const q of paper.questions)
          for (const s of q.sections) for (const i of s.items) if (i.id === itemId) return i.chapter;
      }
      return undefined;
    }

    it("lists every chapter that has questions, with its count, in a form that works without JavaScript", async () => {
      const { status, html } = await get(`${PAGE}?medium=english`);
      expect(status).toBe(200);
      expect(html).toContain("<h1");
      expect(html).toContain("Practice by chapter");
      const form = html.match(/<form[^>]*chapter-practice[^>]*>/)?.[0] ?? "";
      expect(form).toContain('action="/maharashtra-board-math-1-question-papers/chapter-practice"');
      expect(form).toContain('method="get"');
      const bank = await questionBankSummary(server.services, "math_1", "english");
      const withItems = bank.chapters.filter((c) => c.items > 0);
      expect(withItems.length).toBeGreaterThan(3);
      for (const chapter of withItems) {
        expect(html).toContain(`value="${chapter.id}"`);
        expect(html).toContain(`${chapter.items} question`);
      }
      expect(anchorsIn(html)).toEqual([]);
    });

    it("gives a new set a seed of its own, by redirect, keeping the chosen chapters", async () => {
      const { status, location } = await get(`${PAGE}?medium=english&chapter=linear-equations-in-two-variables&make=1`);
      expect(status).toBe(302);
      expect(location).toMatch(
        /^\/maharashtra-board-math-1-question-papers\/chapter-practice\?medium=english&chapter=linear-equations-in-two-variables&seed=[1-9][0-9]{0,5}$/,
      );
      const marathi = await get(`/mr${PAGE}?medium=marathi&chapter=linear-equations-in-two-variables`);
      expect(marathi.location).toMatch(
        /^\/mr\/maharashtra-board-math-1-question-papers\/chapter-practice\?medium=marathi&/,
      );
    });

    it("shows a signed-in student up to ten questions of the chosen chapters only, the same for the same seed", async () => {
      const chosen = ["quadratic-equations", "probability"];
      const query = `?medium=english&chapter=${chosen[0]}&chapter=${chosen[1]}`;
      const first = await get(`${PAGE}${query}&seed=5`, { Cookie: cookie });
      expect(first.status).toBe(200);
      const anchors = anchorsIn(first.html);
      expect(anchors.length).toBeGreaterThan(0);
      expect(anchors.length).toBeLessThanOrEqual(CHAPTER_SET_SIZE);
      expect(new Set(anchors).size).toBe(anchors.length);
      for (const anchor of anchors) expect(chosen, anchor).toContain(chapterOf(anchor ?? ""));
      // Worked answers and marking points, each behind its own "Show answer".
      expect(first.html.match(ANSWER)?.length).toBe(anchors.length);
      expect(first.html).toMatch(/>Marking \(\d+ marks?\)</);
      // Where each question comes from.
      expect(first.html).toMatch(/From [^<]+, Q\.\d/);

      const again = await get(`${PAGE}${query}&seed=5`, { Cookie: cookie });
      expect(anchorsIn(again.html)).toEqual(anchors);
      const other = await get(`${PAGE}${query}&seed=6`, { Cookie: cookie });
      expect(anchorsIn(other.html)).not.toEqual(anchors);
      // "Another set" moves to the next seed.
      expect(first.html).toContain(
        `${PAGE}?medium=english&amp;chapter=quadratic-equations&amp;chapter=probability&amp;seed=6`,
      );
    });

    it("shows a visitor the chapters and a sign-in link back to the set, never its questions or answers", async () => {
      const path = `${PAGE}?medium=english&chapter=probability&seed=9`;
      const { status, html } = await get(path);
      expect(status).toBe(200);
      expect(anchorsIn(html)).toEqual([]);
      expect(html).not.toMatch(ANSWER);
      expect(html).toContain(`/login?redirectTo=${encodeURIComponent(path).replaceAll("&", "&amp;")}`);
    });

    it("answers a form sent with no chapter, or a chapter not in the list, with a 400 and an inline message", async () => {
      const none = await get(`${PAGE}?medium=english&make=1`);
      expect(none.status).toBe(400);
      expect(none.html).toMatch(/role="alert"[^>]*>Pick at least one chapter\./);
      const unknown = await get(`${PAGE}?medium=english&chapter=astrology&seed=3`, { Cookie: cookie });
      expect(unknown.status).toBe(400);
      expect(unknown.html).toContain("Pick chapters from this list.");
      expect(anchorsIn(unknown.html)).toEqual([]);
    });

    it("speaks Marathi under /mr, with the Marathi-medium textbook's chapter names", async () => {
      const { status, html } = await get(`/mr${PAGE}?medium=marathi&chapter=probability&seed=2`, { Cookie: cookie });
      expect(status).toBe(200);
      expect(html).toContain("प्रकरणानुसार सराव");
      expect(html).toContain("प्रश्नसंच तयार करा");
      const anchors = anchorsIn(html);
      expect(anchors.length).toBeGreaterThan(0);
      // Marathi-medium maths papers carry the -mr suffix.
      for (const anchor of anchors) expect(anchor).toMatch(/^math-1-model-\d+-mr-/);
    });

    it("shows the items of one passage together under it, once", async () => {
      const path = "/mr/maharashtra-board-marathi-question-papers/chapter-practice?medium=marathi&chapter=gadya-pathit";
      for (const seed of [1, 2, 3]) {
        const { html } = await get(`${path}&seed=${seed}`, { Cookie: cookie });
        const anchors = anchorsIn(html);
        expect(anchors.length, `seed ${seed}`).toBe(CHAPTER_SET_SIZE);
        // Each question's passage appears once, however many of its items were chosen.
        const questions = html.split(/<section aria-labelledby="q\d+"/).slice(1);
        expect(questions.length).toBeLessThan(anchors.length);
        for (const question of questions) expect(question.match(/prose-paper mt-3 rounded-lg/g)?.length ?? 0).toBe(1);
        expect(html).toMatch(new RegExp(`${CHAPTER_SET_SIZE} प्रश्न<`));
      }
    });

    it("is a 404 for a path that is no subject's", async () => {
      expect((await get("/maharashtra-board-physics-question-papers/chapter-practice")).status).toBe(404);
    });
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
