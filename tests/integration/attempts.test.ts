/**
 * Timed practice attempts over HTTP (issue 13, decision 010): the real app on a real database, real sign-ups
 * and sessions. Starting and continuing, reading only one's own attempts, statuses while writing, self-marking
 * after it with the blueprint's steps, idempotent and concurrent saves, scoring with the board's choice rules,
 * the 24-hour end, and the list and progress built from it all.
 *
 * The paper is math-1-model-1 (content/papers/math_1/math-1-model-1.yaml): 120 minutes, 40 marks.
 *   Q1 A  q1a1..q1a4  1 mark each, all count         (no half marks)
 *   Q1 B  q1b1..q1b4  1 mark each, all count         (no half marks)
 *   Q2 A  q2a1..q2a3  2 each, any 2 of 3   → max 4   (half marks)
 *   Q2 B  q2b1..q2b5  2 each, any 4 of 5   → max 8   (half marks)
 *   Q3 A  q3a1..q3a2  3 each, any 1 of 2   → max 3   (half marks)
 *   Q3 B  q3b1..q3b4  3 each, any 2 of 4   → max 6   (half marks)
 *   Q4    q41..q43    4 each, any 2 of 3   → max 8   (half marks)
 *   Q5    q51..q52    3 each, any 1 of 2   → max 3   (half marks)
 * Half marks per section are from domain/syllabus/math_1.ts (every section but Q1's).
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { practiceAttempts, users } from "../../server/db/schema.ts";
import { getModelPapers } from "../../server/model-papers/catalog.server.ts";
import type { AttemptSummary, AttemptView, SubjectProgress } from "../../server/practice/attempts.server.ts";
import { testDatabases } from "../support/databases.ts";
import { api, type JsonResponse, newAccount } from "../support/http.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

const PAPER = "math-1-model-1";
const OTHER_PAPER = "math-1-model-2";
/** The board's 120 minutes plus the 10 the board adds at the end. */
const ALLOWED_MINUTES = 130;
const HOUR_MS = 60 * 60 * 1000;

/**
 * Marks for a finished attempt, and what they score by hand (choice rules: the best N count; equal marks,
 * the earlier item).
 *   Q1 A  1+0+1+1                      = 3   / 4
 *   Q1 B  1 (others unmarked)          = 1   / 4
 *   Q2 A  best 2 of 1.5, 2, 1          = 3.5 / 4   (q2a3 left out)
 *   Q2 B  best 4 of 2, 2, 0.5, 1, 2    = 7   / 8   (q2b3 left out)
 *   Q3 A  best 1 of 1, 2.5             = 2.5 / 3   (q3a1 left out)
 *   Q3 B  best 2 of 3, 3, 3, 0         = 6   / 6   (tie: q3b1, q3b2; q3b3 and q3b4 left out)
 *   Q4    best 2 of 4, 3.5, 4          = 8   / 8   (q42 left out)
 *   Q5    both unmarked                = 0   / 3   (q51 counts as the earlier; q52 left out)
 *   total 31 / 40 = 77.5 %  (adding every mark given, without the rules, would give 40)
 */
const SCORED_MARKS: Record<string, number> = {
  q1a1: 1,
  q1a2: 0,
  q1a3: 1,
  q1a4: 1,
  q1b1: 1,
  q2a1: 1.5,
  q2a2: 2,
  q2a3: 1,
  q2b1: 2,
  q2b2: 2,
  q2b3: 0.5,
  q2b4: 1,
  q2b5: 2,
  q3a1: 1,
  q3a2: 2.5,
  q3b1: 3,
  q3b2: 3,
  q3b3: 3,
  q3b4: 0,
  q41: 4,
  q42: 3.5,
  q43: 4,
};
const SCORED_COUNTED = [
  "q1a1",
  "q1a2",
  "q1a3",
  "q1a4",
  "q1b1",
  "q1b2",
  "q1b3",
  "q1b4",
  "q2a1",
  "q2a2",
  "q2b1",
  "q2b2",
  "q2b4",
  "q2b5",
  "q3a2",
  "q3b1",
  "q3b2",
  "q41",
  "q43",
  "q51",
];
const SCORED_BY_QUESTION = [
  { question: "1", scored: 4, max: 8 },
  { question: "2", scored: 10.5, max: 12 },
  { question: "3", scored: 8.5, max: 9 },
  { question: "4", scored: 8, max: 8 },
  { question: "5", scored: 0, max: 3 },
];
/** The counted items' chapters (chapters from the YAML). */
const SCORED_BY_CHAPTER = [
  { chapter: "linear-equations-in-two-variables", scored: 10.5, max: 12 }, // q1a1 q2a1 q2b4 q3b1 q41
  { chapter: "quadratic-equations", scored: 2, max: 4 }, // q1a2 q1b3 q2b1
  { chapter: "arithmetic-progression", scored: 8, max: 11 }, // q1a3 q2a2 q2b5 q3b2 q51
  { chapter: "probability", scored: 1, max: 2 }, // q1a4 q1b4
  { chapter: "financial-planning", scored: 5.5, max: 6 }, // q1b1 q2b2 q3a2
  { chapter: "statistics", scored: 4, max: 5 }, // q1b2 q43
];

describe.each(testDatabases())("practice attempts API on $name", (target) => {
  let server: TestServer;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    const database = await target.open();
    dispose = database.dispose;
    server = await startTestServer(database, { authLimits: { signupPerIp: 10_000, loginPerIp: 10_000 } });
  });
  afterAll(async () => {
    await server?.close();
    await dispose?.();
  });

  const db = () => server.services.database.db;

  /** A new account through the real sign-up; its session cookie. */
  async function signUp(): Promise<string> {
    const res = await api(server.url, "/api/v1/signup", { json: newAccount() });
    expect(res.status).toBe(201);
    if (!res.cookie) throw new Error("sign-up set no session cookie");
    return res.cookie;
  }

  const call = (
    cookie: string | null,
    method: string,
    path: string,
    json?: unknown,
    extra: Parameters<typeof api>[2] = {},
  ) => api(server.url, `/api/v1${path}`, { method, cookie, ...(json === undefined ? {} : { json }), ...extra });

  const start = (cookie: string, paperId = PAPER) => call(cookie, "POST", "/attempts", { paper_id: paperId });
  const read = (cookie: string, id: string) => call(cookie, "GET", `/attempts/${id}`);
  const save = (cookie: string, id: string, body: unknown) => call(cookie, "PUT", `/attempts/${id}/marks`, body);
  const finishWriting = (cookie: string, id: string) => call(cookie, "POST", `/attempts/${id}/finish-writing`, {});
  const finish = (cookie: string, id: string) => call(cookie, "POST", `/attempts/${id}/finish`, {});

  const view = (res: JsonResponse) => res.body.data as AttemptView;

  /** A new attempt of `paperId` for `cookie`'s user; its id. */
  async function started(cookie: string, paperId = PAPER): Promise<string> {
    const res = await start(cookie, paperId);
    expect(res.status).toBe(201);
    return view(res).id;
  }

  /** A new attempt whose writing is over: in checking. */
  async function checking(cookie: string, paperId = PAPER): Promise<string> {
    const id = await started(cookie, paperId);
    const res = await finishWriting(cookie, id);
    expect(view(res).state).toBe("checking");
    return id;
  }

  const expectError = (res: JsonResponse, status: number, message?: string | RegExp) => {
    expect(res.status).toBe(status);
    expect(res.body.meta.success).toBe(false);
    expect(res.body.data).toBeNull();
    if (message !== undefined) expect(res.body.meta.message).toMatch(message);
  };

  describe("guards", () => {
    it("answers 401 without a session on every endpoint", async () => {
      // A real attempt id, so a 404 could not stand in for the 401.
      const id = await started(await signUp());
      const endpoints: [string, string, unknown][] = [
        ["GET", "/attempts", undefined],
        ["GET", "/attempts/progress", undefined],
        ["POST", "/attempts", { paper_id: PAPER }],
        ["GET", `/attempts/${id}`, undefined],
        ["PUT", `/attempts/${id}/marks`, { statuses: { q1a1: "attempted" } }],
        ["POST", `/attempts/${id}/finish-writing`, {}],
        ["POST", `/attempts/${id}/finish`, {}],
      ];
      for (const [method, path, json] of endpoints) {
        const res = await call(null, method, path, json);
        expect(res.status, `${method} ${path}`).toBe(401);
        expectError(res, 401, "Not signed in");
      }
      // A cookie with a token no session has is no session either.
      const forged = await call(`ps_session=${"A".repeat(43)}`, "GET", "/attempts");
      expectError(forged, 401, "Not signed in");
    });

    it("answers 415 to writes without a JSON content type, and changes nothing", async () => {
      const cookie = await signUp();
      const id = await started(cookie);
      const writes: [string, string, string][] = [
        ["POST", "/attempts", JSON.stringify({ paper_id: OTHER_PAPER })],
        ["PUT", `/attempts/${id}/marks`, JSON.stringify({ statuses: { q1a1: "attempted" } })],
        ["POST", `/attempts/${id}/finish-writing`, "{}"],
        ["POST", `/attempts/${id}/finish`, "{}"],
      ];
      for (const [method, path, body] of writes) {
        for (const type of ["text/plain", "application/x-www-form-urlencoded"]) {
          const res = await call(cookie, method, path, undefined, { body, headers: { "Content-Type": type } });
          expect(res.status, `${method} ${path} as ${type}`).toBe(415);
          expectError(res, 415, "Content-Type must be application/json");
        }
      }
      const list = await call(cookie, "GET", "/attempts");
      expect((list.body.data as AttemptSummary[]).map((a) => a.id)).toEqual([id]);
      const after = view(await read(cookie, id));
      expect(after).toMatchObject({ state: "writing", statuses: {}, writing_ended_at: null, finished_at: null });
    });

    it("answers 403 to writes from another origin, and takes writes from its own", async () => {
      const cookie = await signUp();
      const id = await started(cookie);
      const foreign = { headers: { Origin: "https://evil.example" } };
      const writes: [string, string, unknown][] = [
        ["POST", "/attempts", { paper_id: OTHER_PAPER }],
        ["PUT", `/attempts/${id}/marks`, { statuses: { q1a1: "attempted" } }],
        ["POST", `/attempts/${id}/finish-writing`, {}],
        ["POST", `/attempts/${id}/finish`, {}],
      ];
      for (const [method, path, json] of writes) {
        const res = await call(cookie, method, path, json, foreign);
        expect(res.status, `${method} ${path}`).toBe(403);
        expectError(res, 403, "Cross-site request refused");
      }
      expect(view(await read(cookie, id))).toMatchObject({ state: "writing", statuses: {} });
      expect((await call(cookie, "GET", "/attempts")).body.data).toHaveLength(1);

      const own = { headers: { Origin: new URL(server.services.config.siteUrl).origin } };
      const res = await call(cookie, "POST", "/attempts", { paper_id: OTHER_PAPER }, own);
      expect(res.status).toBe(201);
    });
  });

  describe("POST /attempts", () => {
    it("starts a writing attempt with the board's time plus 10 minutes", async () => {
      const cookie = await signUp();
      const before = Date.now();
      const res = await start(cookie);
      const after = Date.now();
      expect(res.status).toBe(201);
      expect(res.body.meta).toEqual({ success: true, message: "Attempt started" });
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      const attempt = view(res);
      expect(attempt).toMatchObject({
        paper_id: PAPER,
        paper_title: "Algebra: Model Paper 1",
        paper_url: `/maharashtra-board-math-1-question-papers/${PAPER}`,
        subject: "math_1",
        state: "writing",
        allowed_minutes: ALLOWED_MINUTES,
        writing_ended_at: null,
        finished_at: null,
        statuses: {},
        marks: {},
        points: {},
        result: null,
      });
      expect(attempt.allowed_minutes).toBe((getModelPapers().byId.get(PAPER)?.durationMinutes ?? 0) + 10);
      expect(attempt.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const startedAt = Date.parse(attempt.started_at);
      expect(Date.parse(attempt.deadline_at) - startedAt).toBe(ALLOWED_MINUTES * 60_000);
      expect(startedAt).toBeGreaterThanOrEqual(before - 1);
      expect(startedAt).toBeLessThanOrEqual(after + 1);
      expect(attempt.server_now).toBe(attempt.started_at);
    });

    it("continues the open attempt of the same paper with 200 and the same id, and starts another paper apart", async () => {
      const cookie = await signUp();
      const first = view(await start(cookie));
      const again = await start(cookie);
      expect(again.status).toBe(200);
      expect(again.body.meta).toEqual({ success: true, message: "Attempt continued" });
      expect(view(again)).toMatchObject({
        id: first.id,
        started_at: first.started_at,
        deadline_at: first.deadline_at,
        state: "writing",
      });
      const other = await start(cookie, OTHER_PAPER);
      expect(other.status).toBe(201);
      expect(view(other).id).not.toBe(first.id);
      const list = (await call(cookie, "GET", "/attempts")).body.data as AttemptSummary[];
      expect(list).toHaveLength(2);
    });

    it("makes one attempt of concurrent Starts of the same paper (two devices, a double tap)", async () => {
      for (let round = 0; round < 3; round++) {
        const cookie = await signUp();
        const results = await Promise.all(Array.from({ length: 5 }, () => start(cookie)));
        expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
        expect(new Set(results.map((r) => view(r).id)).size).toBe(1);
        const list = (await call(cookie, "GET", "/attempts")).body.data as AttemptSummary[];
        expect(list).toHaveLength(1);
      }
    });

    it("answers 404 for a paper that does not exist", async () => {
      const cookie = await signUp();
      for (const paperId of ["math-1-model-99", "no-such-paper", "../math-1-model-1"]) {
        expectError(await start(cookie, paperId), 404, "No such model paper");
      }
      expect((await call(cookie, "GET", "/attempts")).body.data).toEqual([]);
    });

    it("answers 400 with a message to a bad body", async () => {
      const cookie = await signUp();
      const missing = await call(cookie, "POST", "/attempts", {});
      expectError(missing, 400, /paper_id is required/);
      expect(missing.body.meta.errors?.paper_id).toMatch(/paper_id is required/);

      expectError(await call(cookie, "POST", "/attempts", { paper_id: "" }), 400, /paper_id is required/);
      expectError(await call(cookie, "POST", "/attempts", { paper_id: 7 }), 400, /paper_id/);
      expectError(await call(cookie, "POST", "/attempts", [PAPER]), 400, "Request body must be a JSON object");
      expectError(
        await call(cookie, "POST", "/attempts", [{ paper_id: PAPER }]),
        400,
        "Request body must be a JSON object",
      );
      const broken = await call(cookie, "POST", "/attempts", undefined, {
        body: "{paper_id: math-1-model-1",
        headers: { "Content-Type": "application/json" },
      });
      expectError(broken, 400, "Request body is not valid JSON");
      expect((await call(cookie, "GET", "/attempts")).body.data).toEqual([]);
    });
  });

  describe("GET /attempts/:id and other users", () => {
    it("reads one's own attempt", async () => {
      const cookie = await signUp();
      const first = view(await start(cookie));
      const res = await read(cookie, first.id);
      expect(res.status).toBe(200);
      expect(res.body.meta.success).toBe(true);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      const { server_now, ...rest } = view(res);
      const { server_now: _startedNow, ...expected } = first;
      expect(rest).toEqual(expected);
      expect(Date.parse(server_now)).toBeGreaterThanOrEqual(Date.parse(first.server_now));
    });

    it("removes an account's attempts with the account", async () => {
      const cookie = await signUp();
      const id = await started(cookie);
      const [attempt] = await db().select().from(practiceAttempts).where(eq(practiceAttempts.id, id));
      expect(attempt).toBeDefined();
      await db()
        .delete(users)
        .where(eq(users.id, attempt?.userId ?? ""));
      expect(await db().select().from(practiceAttempts).where(eq(practiceAttempts.id, id))).toEqual([]);
    });

    it("answers 404 to a malformed or unknown id", async () => {
      const cookie = await signUp();
      const id = await started(cookie);
      for (const bad of ["not-an-id", "123", id.toUpperCase(), `${id}x`, randomUUID()]) {
        expectError(await read(cookie, bad), 404, "No such practice attempt");
        expectError(await save(cookie, bad, { statuses: { q1a1: "attempted" } }), 404, "No such practice attempt");
        expectError(await finishWriting(cookie, bad), 404, "No such practice attempt");
        expectError(await finish(cookie, bad), 404, "No such practice attempt");
      }
    });

    it("answers 404 for another user's attempt on every route and leaves it unchanged", async () => {
      const owner = await signUp();
      const intruder = await signUp();
      const id = await started(owner);
      await save(owner, id, { statuses: { q1a1: "attempted" } });
      const before = view(await read(owner, id));

      expectError(await read(intruder, id), 404, "No such practice attempt");
      expectError(
        await save(intruder, id, { statuses: { q1a1: "skipped", q1a2: "attempted" } }),
        404,
        "No such practice attempt",
      );
      expectError(await save(intruder, id, { statuses: { q1a1: null } }), 404, "No such practice attempt");
      expectError(await finishWriting(intruder, id), 404, "No such practice attempt");
      expectError(await finish(intruder, id), 404, "No such practice attempt");
      // Once the owner is checking, marks from someone else are refused the same way.
      await finishWriting(owner, id);
      expectError(await save(intruder, id, { marks: { q1a1: 1 } }), 404, "No such practice attempt");

      const after = view(await read(owner, id));
      expect(after).toMatchObject({
        state: "checking",
        statuses: { q1a1: "attempted" },
        marks: {},
        finished_at: null,
        result: null,
        started_at: before.started_at,
      });
      expect((await call(intruder, "GET", "/attempts")).body.data).toEqual([]);
      expect((await call(intruder, "GET", "/attempts/progress")).body.data).toEqual([]);
      const [row] = await db().select().from(practiceAttempts).where(eq(practiceAttempts.id, id));
      expect(row).toMatchObject({ statuses: { q1a1: "attempted" }, marks: {}, finishedAt: null, result: null });
    });
  });

  describe("while writing", () => {
    it("saves statuses, clears them with null, and refuses marks with 409", async () => {
      const cookie = await signUp();
      const id = await started(cookie);
      const saved = await save(cookie, id, { statuses: { q1a1: "attempted", q1a2: "skipped", q41: "attempted" } });
      expect(saved.status).toBe(200);
      expect(saved.body.meta).toEqual({ success: true, message: "Saved" });
      expect(view(saved).statuses).toEqual({ q1a1: "attempted", q1a2: "skipped", q41: "attempted" });

      const changed = await save(cookie, id, { statuses: { q1a1: null, q1a2: "attempted" } });
      expect(view(changed).statuses).toEqual({ q1a2: "attempted", q41: "attempted" });
      expect(view(await read(cookie, id)).statuses).toEqual({ q1a2: "attempted", q41: "attempted" });

      const marks = await save(cookie, id, { marks: { q1a1: 1 } });
      expectError(marks, 409, "Give yourself marks once the writing time is over");
      // Marks and statuses together: the statuses are not saved either.
      expectError(await save(cookie, id, { statuses: { q1b1: "attempted" }, marks: { q1a1: 1 } }), 409);
      const after = view(await read(cookie, id));
      expect(after).toMatchObject({
        state: "writing",
        marks: {},
        statuses: { q1a2: "attempted", q41: "attempted" },
      });
    });

    it("answers 400 to bad statuses and save bodies, and saves none of them", async () => {
      const cookie = await signUp();
      const id = await started(cookie);
      const unknown = await save(cookie, id, { statuses: { q1a1: "attempted", q9z9: "attempted" } });
      expectError(unknown, 400, "Some marks are not valid");
      expect(unknown.body.meta.errors).toEqual({ q9z9: "There is no such question in this paper" });
      const cleared = await save(cookie, id, { statuses: { q9z9: null } });
      expectError(cleared, 400);
      expect(cleared.body.meta.errors).toHaveProperty("q9z9");

      const badStatus = await save(cookie, id, { statuses: { q1a1: "done" } });
      expectError(badStatus, 400, /Status must be attempted or skipped/);
      expect(Object.keys(badStatus.body.meta.errors ?? {}).join()).toContain("q1a1");

      expectError(await save(cookie, id, {}), 400, /Send marks, points or statuses/);
      expectError(await save(cookie, id, { statuses: {}, extra: 1 }), 400);
      expectError(
        await save(cookie, id, [{ statuses: { q1a1: "attempted" } }]),
        400,
        "Request body must be a JSON object",
      );
      expect(view(await read(cookie, id)).statuses).toEqual({});
    });
  });

  describe("POST /attempts/:id/finish-writing", () => {
    it("moves to checking, and again changes nothing", async () => {
      const cookie = await signUp();
      const attempt = view(await start(cookie));
      const res = await finishWriting(cookie, attempt.id);
      expect(res.status).toBe(200);
      expect(res.body.meta).toEqual({ success: true, message: "Writing finished" });
      const first = view(res);
      expect(first.state).toBe("checking");
      expect(first.writing_ended_at).not.toBeNull();
      const ended = Date.parse(first.writing_ended_at ?? "");
      expect(ended).toBeGreaterThanOrEqual(Date.parse(attempt.started_at));
      expect(ended).toBeLessThan(Date.parse(attempt.deadline_at));
      expect(first.deadline_at).toBe(attempt.deadline_at);

      const again = await finishWriting(cookie, attempt.id);
      expect(again.status).toBe(200);
      expect(view(again)).toMatchObject({ state: "checking", writing_ended_at: first.writing_ended_at });
      expect(view(await read(cookie, attempt.id))).toMatchObject({
        state: "checking",
        writing_ended_at: first.writing_ended_at,
      });
      // A continued start finds it in checking.
      const continued = await start(cookie);
      expect(continued.status).toBe(200);
      expect(view(continued)).toMatchObject({ id: attempt.id, state: "checking" });
    });

    it("is checking without a write once the deadline has passed", async () => {
      const cookie = await signUp();
      const id = await started(cookie);
      // The clock moved on: started 131 minutes ago, so the deadline passed a minute ago.
      const startedAt = new Date(Date.now() - (ALLOWED_MINUTES + 1) * 60_000);
      const deadlineAt = new Date(startedAt.getTime() + ALLOWED_MINUTES * 60_000);
      await db().update(practiceAttempts).set({ startedAt, deadlineAt }).where(eq(practiceAttempts.id, id));
      expect(view(await read(cookie, id))).toMatchObject({ state: "checking", writing_ended_at: null });
      expect(view(await save(cookie, id, { marks: { q1a1: 1 } })).marks).toEqual({ q1a1: 1 });
      const done = view(await finish(cookie, id));
      expect(done.state).toBe("finished");
      // The writing ended at the deadline, not when the result was asked for.
      expect(done.writing_ended_at).toBe(deadlineAt.toISOString());
    });
  });

  describe("PUT /attempts/:id/marks while checking", () => {
    it("saves valid marks, halves only where the board gives them, and clears with null", async () => {
      const cookie = await signUp();
      const id = await checking(cookie);
      const res = await save(cookie, id, { marks: { q1a1: 1, q1b2: 0, q2a1: 1.5, q3b4: 3, q41: 4, q52: 2.5 } });
      expect(res.status).toBe(200);
      expect(res.body.meta).toEqual({ success: true, message: "Saved" });
      expect(view(res)).toMatchObject({
        state: "checking",
        marks: { q1a1: 1, q1b2: 0, q2a1: 1.5, q3b4: 3, q41: 4, q52: 2.5 },
      });
      // Set, not added; one item changed, the others kept; null clears.
      const changed = await save(cookie, id, { marks: { q2a1: 2, q52: null } });
      expect(view(changed).marks).toEqual({ q1a1: 1, q1b2: 0, q2a1: 2, q3b4: 3, q41: 4 });
      // Statuses may still change while checking.
      expect(view(await save(cookie, id, { statuses: { q41: "attempted" } })).statuses).toEqual({ q41: "attempted" });
      expect(view(await read(cookie, id)).marks).toEqual({ q1a1: 1, q1b2: 0, q2a1: 2, q3b4: 3, q41: 4 });
    });

    it.each([
      ["more than the item's maximum", { q1a1: 2 }, "q1a1", "Marks must be from 0 to 1"],
      ["more than a 4-mark item's maximum", { q41: 4.5 }, "q41", "Marks must be from 0 to 4"],
      ["negative", { q2a1: -1 }, "q2a1", "Marks must be from 0 to 2"],
      ["a half where the section has none", { q1a1: 0.5 }, "q1a1", "Marks must be whole numbers here"],
      ["a quarter where halves are allowed", { q2a1: 1.25 }, "q2a1", "Marks go in steps of half a mark"],
      ["an unknown item", { q9z9: 1 }, "q9z9", "There is no such question in this paper"],
      ["clearing an unknown item", { q9z9: null }, "q9z9", "There is no such question in this paper"],
    ])("answers 400 naming the item for marks %s, and saves nothing", async (_case, bad, item, message) => {
      const cookie = await signUp();
      const id = await checking(cookie);
      await save(cookie, id, { marks: { q1b1: 1 } });
      // A valid mark in the same request is not saved either.
      const res = await save(cookie, id, { marks: { q1b2: 1, ...bad } });
      expectError(res, 400, "Some marks are not valid");
      expect(res.body.meta.errors).toEqual({ [item]: message });
      expect(view(await read(cookie, id)).marks).toEqual({ q1b1: 1 });
    });

    it("answers 400 naming the item for marks that are not numbers", async () => {
      const cookie = await signUp();
      const id = await checking(cookie);
      for (const value of ["2", true, { value: 1 }, [1]]) {
        const res = await save(cookie, id, { marks: { q2a1: value } });
        expectError(res, 400, /Marks must be a number/);
        // The schema's key is the path in the body: "marks.q2a1".
        expect(Object.keys(res.body.meta.errors ?? {})).toEqual(["marks.q2a1"]);
      }
      expect(view(await read(cookie, id)).marks).toEqual({});
    });

    it("gives the same result to a retried identical save", async () => {
      const cookie = await signUp();
      const id = await checking(cookie);
      const body = { marks: { q2b1: 1.5, q3a1: 3 }, statuses: { q2b1: "attempted" } };
      const first = await save(cookie, id, body);
      const retry = await save(cookie, id, body);
      const third = await save(cookie, id, body);
      for (const res of [first, retry, third]) {
        expect(res.status).toBe(200);
        expect(view(res).marks).toEqual({ q2b1: 1.5, q3a1: 3 });
        expect(view(res).statuses).toEqual({ q2b1: "attempted" });
      }
      const done = view(await finish(cookie, id));
      // q2b1 counts once (1.5), q3a1 is the best of Q3 A (3).
      expect(done.result?.scored).toBe(4.5);
    });

    it("keeps every item of concurrent saves of different items", async () => {
      const cookie = await signUp();
      const id = await checking(cookie);
      const marks: Record<string, number> = {
        q1a1: 1,
        q1a2: 0,
        q1b3: 1,
        q2a2: 1.5,
        q2b1: 2,
        q2b5: 0.5,
        q3a2: 2.5,
        q3b3: 3,
        q42: 3.5,
        q51: 1,
      };
      const results = await Promise.all(
        Object.entries(marks).map(([item, value]) => save(cookie, id, { marks: { [item]: value } })),
      );
      for (const res of results) expect(res.status).toBe(200);
      expect(view(await read(cookie, id)).marks).toEqual(marks);
      const [row] = await db().select().from(practiceAttempts).where(eq(practiceAttempts.id, id));
      expect(row?.marks).toEqual(marks);
    });

    it("leaves one value after concurrent identical saves", async () => {
      const cookie = await signUp();
      const id = await checking(cookie);
      const results = await Promise.all(Array.from({ length: 10 }, () => save(cookie, id, { marks: { q3a1: 2.5 } })));
      for (const res of results) {
        expect(res.status).toBe(200);
        expect(view(res).marks).toEqual({ q3a1: 2.5 });
      }
      expect(view(await read(cookie, id)).marks).toEqual({ q3a1: 2.5 });
      // Concurrent different values for one item: one of them wins, whole.
      const values = [0, 0.5, 1, 1.5, 2, 2.5, 3];
      await Promise.all(values.map((value) => save(cookie, id, { marks: { q3a1: value } })));
      const after = view(await read(cookie, id)).marks;
      expect(Object.keys(after)).toEqual(["q3a1"]);
      expect(values).toContain(after.q3a1);
    });
  });

  describe("POST /attempts/:id/finish", () => {
    it("scores with the choice rules, counting only the best items, out of the paper's marks", async () => {
      const cookie = await signUp();
      const id = await checking(cookie);
      const saved = await save(cookie, id, { marks: SCORED_MARKS });
      expect(saved.status).toBe(200);
      const res = await finish(cookie, id);
      expect(res.status).toBe(200);
      expect(res.body.meta).toEqual({ success: true, message: "Attempt finished" });
      const done = view(res);
      expect(done.state).toBe("finished");
      expect(done.finished_at).not.toBeNull();
      expect(done.marks).toEqual(SCORED_MARKS);
      const result = done.result;
      expect(result).toMatchObject({ scored: 31, max: 40, percentage: 77.5 });
      expect(result?.max).toBe(getModelPapers().byId.get(PAPER)?.marks);
      expect([...(result?.counted ?? [])].sort()).toEqual([...SCORED_COUNTED].sort());
      expect(result?.byQuestion).toEqual(SCORED_BY_QUESTION);
      expect([...(result?.byChapter ?? [])].sort((a, b) => a.chapter.localeCompare(b.chapter))).toEqual(
        [...SCORED_BY_CHAPTER].sort((a, b) => a.chapter.localeCompare(b.chapter)),
      );
      expect(view(await read(cookie, id))).toMatchObject({ state: "finished", result });
      const [row] = await db().select().from(practiceAttempts).where(eq(practiceAttempts.id, id));
      expect(row).toMatchObject({ scored: 31, maxMarks: 40 });
    });

    it("scores an attempt with no marks 0 out of 40, even straight from writing", async () => {
      const cookie = await signUp();
      const id = await started(cookie);
      const done = view(await finish(cookie, id));
      expect(done.state).toBe("finished");
      expect(done.result).toMatchObject({ scored: 0, max: 40, percentage: 0 });
      expect(done.writing_ended_at).toBe(done.finished_at);
    });

    it("is idempotent, and the attempt takes no more marks or statuses", async () => {
      const cookie = await signUp();
      const id = await checking(cookie);
      await save(cookie, id, { marks: { q41: 4, q42: 2 } });
      const first = view(await finish(cookie, id));
      expect(first.result).toMatchObject({ scored: 6, max: 40, percentage: 15 });

      const again = await finish(cookie, id);
      expect(again.status).toBe(200);
      expect(view(again)).toMatchObject({
        state: "finished",
        finished_at: first.finished_at,
        writing_ended_at: first.writing_ended_at,
        result: first.result,
      });

      expectError(
        await save(cookie, id, { marks: { q43: 4 } }),
        409,
        "This attempt has ended; its marks can no longer change",
      );
      expectError(await save(cookie, id, { marks: { q41: null } }), 409);
      expectError(await save(cookie, id, { statuses: { q41: "skipped" } }), 409);
      const writing = await finishWriting(cookie, id);
      expect(writing.status).toBe(200);
      expect(view(writing)).toMatchObject({ state: "finished", finished_at: first.finished_at });

      const after = view(await read(cookie, id));
      expect(after).toMatchObject({ marks: { q41: 4, q42: 2 }, statuses: {}, result: first.result });
      // A finished paper is started afresh.
      const next = await start(cookie);
      expect(next.status).toBe(201);
      expect(view(next).id).not.toBe(id);
    });

    it("scores exactly the saves that won against a concurrent finish, and refuses the rest with 409", async () => {
      const cookie = await signUp();
      const id = await checking(cookie);
      // Q1's eight 1-mark items all count, so the score is the number of saved items.
      const items = ["q1a1", "q1a2", "q1a3", "q1a4", "q1b1", "q1b2", "q1b3", "q1b4"];
      const saves = items.map((item) => save(cookie, id, { marks: { [item]: 1 } }));
      const [finished, ...saved] = await Promise.all([finish(cookie, id), ...saves]);
      expect(finished?.status).toBe(200);
      const kept = items.filter((_, i) => saved[i]?.status === 200);
      for (const res of saved) expect([200, 409]).toContain(res.status);
      const done = view(await read(cookie, id));
      expect(Object.keys(done.marks).sort()).toEqual([...kept].sort());
      expect(done.result?.scored).toBe(kept.length);
      expect(view(finished as JsonResponse).result).toEqual(done.result);
    });
  });

  describe("24 hours after Start", () => {
    it("ends an open attempt as not finished, refuses its result, and starts the paper afresh", async () => {
      const cookie = await signUp();
      const id = await started(cookie);
      await save(cookie, id, { statuses: { q1a1: "attempted" } });
      const startedAt = new Date(Date.now() - 25 * HOUR_MS);
      const deadlineAt = new Date(startedAt.getTime() + ALLOWED_MINUTES * 60_000);
      await db().update(practiceAttempts).set({ startedAt, deadlineAt }).where(eq(practiceAttempts.id, id));

      const res = await read(cookie, id);
      expect(res.status).toBe(200);
      expect(view(res)).toMatchObject({ state: "not_finished", finished_at: null, result: null });
      const [row] = await db().select().from(practiceAttempts).where(eq(practiceAttempts.id, id));
      expect(row?.ended).toBe(true);

      expectError(await finish(cookie, id), 409, "This attempt ended after 24 hours without a result");
      expectError(await save(cookie, id, { statuses: { q1a2: "skipped" } }), 409);
      expectError(await save(cookie, id, { marks: { q1a1: 1 } }), 409);
      expect(view(await finishWriting(cookie, id))).toMatchObject({ state: "not_finished", writing_ended_at: null });

      const next = await start(cookie);
      expect(next.status).toBe(201);
      expect(next.body.meta.message).toBe("Attempt started");
      expect(view(next)).toMatchObject({ state: "writing", statuses: {} });
      expect(view(next).id).not.toBe(id);

      const list = (await call(cookie, "GET", "/attempts")).body.data as AttemptSummary[];
      expect(list.map((a) => [a.id, a.state, a.percentage])).toEqual([
        [view(next).id, "writing", null],
        [id, "not_finished", null],
      ]);
    });

    it("ends an attempt in checking the same way", async () => {
      const cookie = await signUp();
      const id = await checking(cookie);
      await save(cookie, id, { marks: { q41: 4 } });
      const startedAt = new Date(Date.now() - 25 * HOUR_MS);
      await db()
        .update(practiceAttempts)
        .set({
          startedAt,
          deadlineAt: new Date(startedAt.getTime() + ALLOWED_MINUTES * 60_000),
          writingEndedAt: new Date(startedAt.getTime() + HOUR_MS),
        })
        .where(eq(practiceAttempts.id, id));
      expectError(await finish(cookie, id), 409, "This attempt ended after 24 hours without a result");
      expect(view(await read(cookie, id))).toMatchObject({ state: "not_finished", marks: { q41: 4 }, result: null });
    });
  });

  describe("GET /attempts and GET /attempts/progress", () => {
    it("lists newest first and sums progress by subject, with the weakest chapters linked to questions", async () => {
      const cookie = await signUp();
      expect((await call(cookie, "GET", "/attempts")).body).toEqual({
        meta: { success: true, message: "OK" },
        data: [],
      });
      expect((await call(cookie, "GET", "/attempts/progress")).body.data).toEqual([]);

      // 1. math-1-model-1, scored 31/40 (SCORED_MARKS).
      const first = await checking(cookie);
      await save(cookie, first, { marks: SCORED_MARKS });
      await finish(cookie, first);
      // 2. math-1-model-1 again, no marks: 0/40.
      const second = await checking(cookie);
      await finish(cookie, second);
      // 3. science-1-model-1, still writing.
      const third = await started(cookie, "science-1-model-1");

      const list = await call(cookie, "GET", "/attempts");
      expect(list.status).toBe(200);
      expect(list.headers.get("cache-control")).toBe("private, no-store");
      const attempts = list.body.data as AttemptSummary[];
      expect(attempts.map((a) => [a.id, a.paper_id, a.subject, a.state, a.scored, a.max_marks, a.percentage])).toEqual([
        [third, "science-1-model-1", "science_1", "writing", null, null, null],
        [second, PAPER, "math_1", "finished", 0, 40, 0],
        [first, PAPER, "math_1", "finished", 31, 40, 77.5],
      ]);
      for (const a of attempts) expect(a.paper_title).toBe(getModelPapers().byId.get(a.paper_id)?.title);
      expect(attempts[2]?.finished_at).not.toBeNull();
      expect(attempts[0]?.finished_at).toBeNull();

      const res = await call(cookie, "GET", "/attempts/progress");
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      const progress = res.body.data as SubjectProgress[];
      // Most recent practice first.
      expect(progress.map((p) => p.subject)).toEqual(["science_1", "math_1"]);
      expect(progress[0]).toMatchObject({
        papers_attempted: 1,
        attempts_finished: 0,
        best_percentage: null,
        latest_percentage: null,
        trend: [],
        weakest_chapters: [],
      });
      const math = progress[1];
      expect(math).toMatchObject({
        subject: "math_1",
        papers_attempted: 1,
        attempts_finished: 2,
        best_percentage: 77.5,
        latest_percentage: 0,
      });
      expect(math?.trend.map((t) => [t.attempt_id, t.percentage])).toEqual([
        [first, 77.5],
        [second, 0],
      ]);
      /*
       * Chapters over both attempts. The empty one counts the first `attempt` items of each section (all 0):
       * linear 12, quadratic 11, AP 9, probability 2, financial 3, statistics 3 marks. Added to the first's:
       *   quadratic 2/15 = 13.3 %, probability 1/4 = 25 %, AP 8/20 = 40 %, statistics 4/8 = 50 %,
       *   linear 10.5/24 = 43.75 %, financial 5.5/9 = 61.1 %  → the weakest three below.
       */
      expect(math?.weakest_chapters.map((c) => [c.chapter, c.scored, c.max, c.percentage])).toEqual([
        ["quadratic-equations", 2, 15, 13.3],
        ["probability", 1, 4, 25],
        ["arithmetic-progression", 8, 20, 40],
      ]);
      const papers = getModelPapers();
      for (const chapter of math?.weakest_chapters ?? []) {
        expect(chapter.name).not.toBe(chapter.chapter);
        expect(chapter.questions.length).toBeGreaterThan(0);
        // Questions in the subject's other papers too, not only the one practised.
        expect(chapter.questions.some((q) => q.paper_id === OTHER_PAPER)).toBe(true);
        for (const q of chapter.questions) {
          expect(q.url).toBe(`/maharashtra-board-math-1-question-papers/${q.paper_id}#${q.item_id}`);
          const item = papers.byId
            .get(q.paper_id)
            ?.questions.find((question) => question.number === q.question)
            ?.sections.flatMap((s) => s.items)
            .find((i) => i.id === q.item_id);
          expect(item?.chapter, q.url).toBe(chapter.chapter);
        }
      }
    });

    it("names a Marathi-medium paper's weakest chapters in Marathi and links them to Marathi-medium papers", async () => {
      const cookie = await signUp();
      const id = await checking(cookie, "math-1-model-1-mr");
      await finish(cookie, id);
      const progress = (await call(cookie, "GET", "/attempts/progress")).body.data as SubjectProgress[];
      const weakest = progress[0]?.weakest_chapters ?? [];
      expect(weakest.length).toBeGreaterThan(0);
      const papers = getModelPapers();
      for (const chapter of weakest) {
        expect(chapter.name, chapter.chapter).toMatch(/\p{Script=Devanagari}/u);
        expect(chapter.questions.length, chapter.chapter).toBeGreaterThan(0);
        for (const q of chapter.questions) expect(papers.byId.get(q.paper_id)?.language, q.url).toBe("mr");
      }
      // The other Marathi-medium paper is suggested.
      expect(weakest.some((c) => c.questions.some((q) => q.paper_id === "math-1-model-2-mr"))).toBe(true);
    });
  });
});
