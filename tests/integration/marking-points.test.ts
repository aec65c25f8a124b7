/**
 * Self-marking by marking points (issue 27 §1) over HTTP, on both databases: `PUT /api/v1/attempts/:id/marks`
 * takes `points: { item_id: number[] | null }`, stores the ticks and sets each item's mark to their sum; old
 * clients' `marks` keep working; the attempt view carries `points`; the checking page shows the points as
 * checkboxes and, without JavaScript, posts them with 'See my result'.
 *
 * The paper is math-1-model-1 (content/papers/math_1/math-1-model-1.yaml):
 *   q1a1  1 mark:  [1]
 *   q2a1  2 marks: [0.5, 0.5, 0.5, 0.5]   Q2 (A): any 2 of q2a1..q2a3
 *   q2a2  2 marks: [0.5, 0.5, 0.5, 0.5]
 *   q2a3  2 marks: [0.5, 0.5, 0.5, 0.5]
 *   q2b4  2 marks: [1, 0.5, 0.5]
 *   q41   4 marks: [1, 1, 1, 1]           Q4: any 2 of q41..q43
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markableSections, markFromPoints } from "../../domain/practice.ts";
import { SYLLABUSES } from "../../domain/syllabus/index.ts";
import { practiceAttempts } from "../../server/db/schema.ts";
import { getModelPapers } from "../../server/model-papers/catalog.server.ts";
import type { AttemptSummary, AttemptView } from "../../server/practice/attempts.server.ts";
import { loadBuild } from "../support/build.ts";
import { testDatabases } from "../support/databases.ts";
import { api, type JsonResponse, newAccount } from "../support/http.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

const PAPER = "math-1-model-1";

describe("the model papers' marking points", () => {
  it("give every item of every paper its full marks when all are ticked, and 0 when none are", () => {
    for (const paper of getModelPapers().papers) {
      for (const item of markableSections(paper, SYLLABUSES[paper.subject]).flatMap((s) => s.items)) {
        const all = item.points.map((_, index) => index);
        expect(markFromPoints(item, all), `${paper.id} ${item.id}`).toBe(item.max);
        expect(markFromPoints(item, []), `${paper.id} ${item.id}`).toBe(0);
      }
    }
  });
});

describe.each(testDatabases())("marking points on $name", (target) => {
  let server: TestServer;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    const database = await target.open();
    dispose = database.dispose;
    server = await startTestServer(database, {
      build: await loadBuild(),
      authLimits: { signupPerIp: 10_000, loginPerIp: 10_000 },
    });
  });
  afterAll(async () => {
    await server?.close();
    await dispose?.();
  });

  const db = () => server.services.database.db;

  async function signUp(): Promise<string> {
    const res = await api(server.url, "/api/v1/signup", { json: newAccount() });
    expect(res.status).toBe(201);
    if (!res.cookie) throw new Error("sign-up set no session cookie");
    return res.cookie;
  }

  const call = (cookie: string, method: string, path: string, json?: unknown) =>
    api(server.url, `/api/v1${path}`, { method, cookie, ...(json === undefined ? {} : { json }) });
  const view = (res: JsonResponse) => res.body.data as AttemptView;
  const read = async (cookie: string, id: string) => view(await call(cookie, "GET", `/attempts/${id}`));
  const save = (cookie: string, id: string, body: unknown) => call(cookie, "PUT", `/attempts/${id}/marks`, body);
  const row = async (id: string) => (await db().select().from(practiceAttempts).where(eq(practiceAttempts.id, id)))[0];

  async function started(cookie: string): Promise<string> {
    const res = await call(cookie, "POST", "/attempts", { paper_id: PAPER });
    expect(res.status).toBe(201);
    return view(res).id;
  }

  async function checking(cookie: string): Promise<string> {
    const id = await started(cookie);
    expect(view(await call(cookie, "POST", `/attempts/${id}/finish-writing`, {})).state).toBe("checking");
    return id;
  }

  const expectError = (res: JsonResponse, status: number, message?: string | RegExp) => {
    expect(res.status).toBe(status);
    expect(res.body.meta.success).toBe(false);
    expect(res.body.data).toBeNull();
    if (message !== undefined) expect(res.body.meta.message).toMatch(message);
  };

  describe("PUT /attempts/:id/marks with points", () => {
    it("stores the ticks and sets each item's mark to their sum, half-mark points included", async () => {
      const cookie = await signUp();
      const id = await checking(cookie);
      expect(await read(cookie, id)).toMatchObject({ points: {}, marks: {} });
      const res = await save(cookie, id, { points: { q1a1: [0], q2a1: [0, 1, 2], q2b4: [0, 2], q41: [] } });
      expect(res.status).toBe(200);
      expect(res.body.meta).toEqual({ success: true, message: "Saved" });
      expect(view(res)).toMatchObject({
        points: { q1a1: [0], q2a1: [0, 1, 2], q2b4: [0, 2], q41: [] },
        marks: { q1a1: 1, q2a1: 1.5, q2b4: 1.5, q41: 0 },
      });
      expect(await read(cookie, id)).toMatchObject({ points: view(res).points, marks: view(res).marks });
      expect(await row(id)).toMatchObject({
        points: { q1a1: [0], q2a1: [0, 1, 2], q2b4: [0, 2], q41: [] },
        marks: { q1a1: 1, q2a1: 1.5, q2b4: 1.5, q41: 0 },
      });
    });

    it("sets (never adds) the ticks, keeps each index once in order, and clears both with null", async () => {
      const cookie = await signUp();
      const id = await checking(cookie);
      await save(cookie, id, { points: { q2a1: [0, 1], q2a2: [3] } });
      const changed = view(await save(cookie, id, { points: { q2a1: [3, 0, 3, 0] } }));
      expect(changed.points).toEqual({ q2a1: [0, 3], q2a2: [3] });
      expect(changed.marks).toEqual({ q2a1: 1, q2a2: 0.5 });
      // A retried identical save changes nothing.
      for (let i = 0; i < 3; i++) {
        const again = view(await save(cookie, id, { points: { q2a1: [0, 3] } }));
        expect([again.points, again.marks]).toEqual([changed.points, changed.marks]);
      }
      const cleared = view(await save(cookie, id, { points: { q2a1: null } }));
      expect(cleared.points).toEqual({ q2a2: [3] });
      expect(cleared.marks).toEqual({ q2a2: 0.5 });
      expect(await row(id)).toMatchObject({ points: { q2a2: [3] }, marks: { q2a2: 0.5 } });
    });

    it("keeps working for an older page sending marks only: a mark replaces the item's ticks, no other's", async () => {
      const cookie = await signUp();
      const id = await checking(cookie);
      await save(cookie, id, { points: { q2a1: [0, 1], q2a2: [0, 1, 2, 3] } });
      const res = await save(cookie, id, { marks: { q2a1: 2, q1a1: 1 }, statuses: { q2a1: "attempted" } });
      expect(res.status).toBe(200);
      expect(view(res)).toMatchObject({
        marks: { q2a1: 2, q2a2: 2, q1a1: 1 },
        points: { q2a2: [0, 1, 2, 3] },
        statuses: { q2a1: "attempted" },
      });
      // Clearing a mark clears the item's ticks too.
      const cleared = view(await save(cookie, id, { marks: { q2a2: null } }));
      expect(cleared.marks).toEqual({ q2a1: 2, q1a1: 1 });
      expect(cleared.points).toEqual({});
    });

    it("lets the points decide an item sent with both", async () => {
      const cookie = await signUp();
      const id = await checking(cookie);
      const res = view(await save(cookie, id, { marks: { q2a1: 2, q2a2: 1 }, points: { q2a1: [1] } }));
      expect(res.marks).toEqual({ q2a1: 0.5, q2a2: 1 });
      expect(res.points).toEqual({ q2a1: [1] });
    });

    it.each([
      ["an index past the item's points", { q2b4: [3] }, "q2b4", "Marking points of this question are numbered 0 to 2"],
      ["a negative index", { q2a1: [-1] }, "q2a1", "Marking points of this question are numbered 0 to 3"],
      ["an index that is not whole", { q2a1: [0.5] }, "q2a1", "Marking points of this question are numbered 0 to 3"],
      ["a second point of a one-point item", { q1a1: [0, 1] }, "q1a1", "This question has one marking point: 0"],
      ["an unknown item", { q9z9: [0] }, "q9z9", "There is no such question in this paper"],
      ["clearing an unknown item", { q9z9: null }, "q9z9", "There is no such question in this paper"],
    ])("answers 400 naming the item for %s, and saves nothing", async (_case, bad, item, message) => {
      const cookie = await signUp();
      const id = await checking(cookie);
      await save(cookie, id, { points: { q41: [0] } });
      // A valid tick in the same request is not saved either.
      const res = await save(cookie, id, { points: { q42: [0, 1], ...bad } });
      expectError(res, 400, "Some marks are not valid");
      expect(res.body.meta.errors).toEqual({ [item]: message });
      expect(await read(cookie, id)).toMatchObject({ points: { q41: [0] }, marks: { q41: 1 } });
    });

    it("answers 400 naming the item for points that are not a list of numbers", async () => {
      const cookie = await signUp();
      const id = await checking(cookie);
      for (const value of [0, "0", true, { 0: 1 }, ["0"], [null]]) {
        const res = await save(cookie, id, { points: { q2a1: value } });
        expectError(res, 400, /^points\.q2a1(\.0)?: Points must be a list of marking point numbers$/);
      }
      expectError(await save(cookie, id, { points: { q2a1: Array.from({ length: 51 }, () => 0) } }), 400, /q2a1/);
      expect(await read(cookie, id)).toMatchObject({ points: {}, marks: {} });
    });

    it("refuses ticks while writing (409), and another user's attempt (404), changing nothing", async () => {
      const owner = await signUp();
      const intruder = await signUp();
      const id = await started(owner);
      expectError(await save(owner, id, { points: { q1a1: [0] } }), 409, "Give yourself marks once the writing time");
      await call(owner, "POST", `/attempts/${id}/finish-writing`, {});
      expectError(await save(intruder, id, { points: { q1a1: [0] } }), 404, "No such practice attempt");
      expectError(await save(intruder, id, { points: { q1a1: null } }), 404, "No such practice attempt");
      expect(await read(owner, id)).toMatchObject({ state: "checking", points: {}, marks: {} });
    });

    it("keeps every item of concurrent saves of different items", async () => {
      const cookie = await signUp();
      const id = await checking(cookie);
      const ticks: Record<string, number[]> = {
        q1a1: [0],
        q1a2: [0],
        q2a1: [0, 1],
        q2a2: [2],
        q2b1: [0, 1],
        q2b4: [1, 2],
        q3a1: [0, 2],
        q41: [0, 1, 2],
        q51: [1],
      };
      const results = await Promise.all(
        Object.entries(ticks).map(([item, value]) => save(cookie, id, { points: { [item]: value } })),
      );
      for (const res of results) expect(res.status).toBe(200);
      const after = await read(cookie, id);
      expect(after.points).toEqual(ticks);
      expect(after.marks).toEqual({ q1a1: 1, q1a2: 1, q2a1: 1, q2a2: 0.5, q2b1: 2, q2b4: 1, q3a1: 2, q41: 3, q51: 1 });
    });

    it("scores the marks the ticks give, the best N of 'any N of M' counting, and keeps the ticks", async () => {
      const cookie = await signUp();
      const id = await checking(cookie);
      await save(cookie, id, {
        // Q2 (A), any 2 of 3: 1 + 1.5 + 2 → the best two, 2 + 1.5.
        // Q4, any 2 of 3: 4 + 1 → both count (q43 not marked).
        points: { q2a1: [0, 1], q2a2: [0, 1, 2], q2a3: [0, 1, 2, 3], q41: [0, 1, 2, 3], q42: [3] },
      });
      const res = await call(cookie, "POST", `/attempts/${id}/finish`, {});
      expect(res.status).toBe(200);
      const done = view(res);
      expect(done.result).toMatchObject({ scored: 8.5, max: 40 });
      expect(done.result?.counted).toEqual(expect.arrayContaining(["q2a3", "q2a2", "q41", "q42"]));
      expect(done.result?.counted).not.toContain("q2a1");
      expect(done.points).toMatchObject({ q2a1: [0, 1], q42: [3] });
      expectError(await save(cookie, id, { points: { q43: [0] } }), 409, "This attempt has ended");
    });

    it("shows the points in the attempt only, not in the list", async () => {
      const cookie = await signUp();
      const id = await checking(cookie);
      await save(cookie, id, { points: { q1a1: [0] } });
      const list = (await call(cookie, "GET", "/attempts")).body.data as AttemptSummary[];
      expect(list.map((a) => a.id)).toEqual([id]);
      expect(list[0]).not.toHaveProperty("points");
      expect(list[0]).not.toHaveProperty("marks");
    });
  });

  describe("the checking page", () => {
    const page = (cookie: string, path: string) => fetch(`${server.url}${path}`, { headers: { Cookie: cookie } });
    const post = (cookie: string, path: string, fields: [string, string][]) =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        redirect: "manual",
        // No Origin, as an older browser (see reports.test.ts).
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
        body: new URLSearchParams(fields).toString(),
      });

    it("shows each item's marking points as checkboxes, ticked as saved, and no marks dropdown", async () => {
      const cookie = await signUp();
      const id = await checking(cookie);
      await save(cookie, id, { points: { q2b4: [0, 2] } });
      const res = await page(cookie, `/practice/${id}/check`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).not.toContain("<select");
      expect(html).toContain('name="marking" value="points"');
      const boxes = [...html.matchAll(/<input[^>]*name="point:q2b4"[^>]*>/g)].map((m) => m[0]);
      expect(boxes.every((box) => box.includes('type="checkbox"'))).toBe(true);
      expect(boxes.map((box) => [/value="(\d)"/.exec(box)?.[1], /\schecked/.test(box)])).toEqual([
        ["0", true],
        ["1", false],
        ["2", true],
      ]);
      expect(html.match(/name="point:q1a1"/g)).toHaveLength(1);
      expect(html).toContain("Equations 4x + 3y = 3050");
      // The points are printed once: as the ticks, not again as the answer's list ("Marking (2 marks)").
      expect(html).toMatch(/<label[^>]*><input[^>]*name="point:q2b4"[^>]*\/?><span[^>]*><span>Price of a cricket bat/);
      expect(html).not.toContain("Marking (2 marks)");
      expect(html).toContain('data-testid="item-mark-q2b4">1.5<!-- --> / <!-- -->2</span>');
    });

    it("without JavaScript, stores the posted ticks, derives the marks and gives the result", async () => {
      const cookie = await signUp();
      const id = await checking(cookie);
      // Saved earlier (another device, or with JavaScript): unticked in the form, so cleared.
      await save(cookie, id, { points: { q1a2: [0], q43: [0, 1] } });
      const res = await post(cookie, `/practice/${id}/check`, [
        ["intent", "finish"],
        ["marking", "points"],
        ["point:q1a1", "0"],
        ["point:q2a1", "0"],
        ["point:q2a1", "1"],
        ["point:q2a1", "2"],
        ["point:q2a2", "0"],
        ["point:q2a3", "0"],
        ["point:q2a3", "1"],
        ["point:q2a3", "2"],
        ["point:q2a3", "3"],
        ["point:q2b4", "0"],
        ["point:q2b4", "2"],
      ]);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(`/practice/${id}/result`);
      const done = await read(cookie, id);
      expect(done.state).toBe("finished");
      expect(done.points).toEqual({ q1a1: [0], q2a1: [0, 1, 2], q2a2: [0], q2a3: [0, 1, 2, 3], q2b4: [0, 2] });
      expect(done.marks).toEqual({ q1a1: 1, q2a1: 1.5, q2a2: 0.5, q2a3: 2, q2b4: 1.5 });
      // 1 + (2 + 1.5, the best 2 of Q2 A) + 1.5.
      expect(done.result).toMatchObject({ scored: 6, max: 40 });
      expect((await row(id))?.points).toEqual(done.points);
    });

    it("without JavaScript, refuses a tick the item does not have, and finishes nothing", async () => {
      const cookie = await signUp();
      const id = await checking(cookie);
      const res = await post(cookie, `/practice/${id}/check`, [
        ["intent", "finish"],
        ["marking", "points"],
        ["point:q1a1", "5"],
      ]);
      expect(res.status).toBe(400);
      expect(await read(cookie, id)).toMatchObject({ state: "checking", points: {}, marks: {} });
    });

    it("still takes the marks of a page from before", async () => {
      const cookie = await signUp();
      const id = await checking(cookie);
      const res = await post(cookie, `/practice/${id}/check`, [
        ["intent", "finish"],
        ["mark:q1a1", "1"],
        ["mark:q2a1", "1.5"],
      ]);
      expect(res.status).toBe(302);
      expect(await read(cookie, id)).toMatchObject({ state: "finished", marks: { q1a1: 1, q2a1: 1.5 }, points: {} });
    });
  });
});
