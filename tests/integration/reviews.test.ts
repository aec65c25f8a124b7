/**
 * The mistake notebook and its spaced review (issue 27) through the real HTTP server, on both databases: marks
 * below full put an item in, a flag puts one in, the day's set, a review that reschedules, the item leaving after
 * two full answers on different days, someone else's item (404), bad input (400), the pages without JavaScript and
 * the header's count.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indianDay } from "../../domain/i18n.ts";
import { addDays } from "../../domain/review-schedule.ts";
import { auditLog, practiceAttempts, reviewCards } from "../../server/db/schema.ts";
import { examDayFor, recordMarks } from "../../server/reviews/notebook.server.ts";
import { signUpAdmin } from "../support/admin.ts";
import { loadBuild } from "../support/build.ts";
import { testDatabases } from "../support/databases.ts";
import { api, newAccount } from "../support/http.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

const PAPER = "math-1-model-1";
/** A 2-mark item of four half-mark points (Cramer's rule). */
const ITEM = `${PAPER}:q2a1`;

describe.each(testDatabases())("the mistake notebook on $name", (target) => {
  let server: TestServer;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    const database = await target.open();
    dispose = database.dispose;
    server = await startTestServer(database, { build: await loadBuild(), authLimits: { signupPerIp: 10_000 } });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await dispose?.();
  });

  const signUp = async () => {
    const res = await api(server.url, "/api/v1/signup", { json: newAccount() });
    expect(res.status).toBe(201);
    return { cookie: res.cookie as string, id: (res.body.data as { user_id: string }).user_id };
  };
  const db = () => server.services.database.db;
  const today = () => indianDay(new Date());
  /** Moves a card's schedule as the days passing would. */
  const setCard = (userId: string, values: Partial<typeof reviewCards.$inferInsert>) =>
    db()
      .update(reviewCards)
      .set(values)
      .where(and(eq(reviewCards.userId, userId), eq(reviewCards.itemKey, ITEM)));
  const cardOf = async (userId: string) =>
    (
      await db()
        .select()
        .from(reviewCards)
        .where(and(eq(reviewCards.userId, userId), eq(reviewCards.itemKey, ITEM)))
    )[0];
  const mark = (userId: string, scored: number) =>
    recordMarks(server.services, userId, [
      {
        paperId: PAPER,
        itemId: "q2a1",
        subject: "math_1",
        chapter: "linear-equations-in-two-variables",
        scored,
        max: 2,
        missed: [1, 3],
      },
      {
        paperId: PAPER,
        itemId: "q1a1",
        subject: "math_1",
        chapter: "linear-equations-in-two-variables",
        scored: 1,
        max: 1,
        missed: [],
      },
    ]);

  it("takes an item marked below full marks, not one at full marks, and lists it with the points missed", async () => {
    const student = await signUp();
    await mark(student.id, 1);
    const list = await api(server.url, "/api/v1/mistakes?subject=math_1", { cookie: student.cookie });
    expect(list.status).toBe(200);
    expect(list.headers.get("cache-control")).toBe("private, no-store");
    const entries = list.body.data as { item: string; missed_points: number[]; due_day: string }[];
    expect(entries.map((e) => e.item)).toEqual([ITEM]);
    expect(entries[0]?.missed_points).toEqual([1, 3]);
    // First due the next day, not today.
    expect(entries[0]?.due_day).toBe(addDays(today(), 1));
    expect((await api(server.url, "/api/v1/reviews/due", { cookie: student.cookie })).body.data).toEqual([]);
    expect((await api(server.url, "/api/v1/mistakes?subject=english", { cookie: student.cookie })).body.data).toEqual(
      [],
    );
  });

  it("reviews a due item: a full answer reschedules it, a second full answer on another day takes it out", async () => {
    const student = await signUp();
    await mark(student.id, 0.5);
    // Marked yesterday: a full answer on the day of the mistake does not count (decision 030).
    await setCard(student.id, { dueDay: today(), addedDay: addDays(today(), -1) });
    const due = await api(server.url, "/api/v1/reviews/due", { cookie: student.cookie });
    expect((due.body.data as { item: string }[]).map((e) => e.item)).toEqual([ITEM]);

    // The header counts it.
    const home = await fetch(`${server.url}/`, { headers: { Cookie: student.cookie } });
    expect(await home.text()).toContain("1 review due");

    const first = await api(server.url, `/api/v1/reviews/${encodeURIComponent(ITEM)}`, {
      json: { points: [0, 1, 2, 3] },
      cookie: student.cookie,
    });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ left: false, scored: 2, marks: 2 });
    const after = await cardOf(student.id);
    expect(after?.fullReviews).toBe(1);
    expect(after && after.dueDay > today()).toBe(true);

    // Days later it is due again; a second full answer takes it out.
    await setCard(student.id, { dueDay: today(), lastReviewDay: addDays(today(), -3) });
    const second = await api(server.url, `/api/v1/reviews/${encodeURIComponent(ITEM)}`, {
      json: { points: [0, 1, 2, 3] },
      cookie: student.cookie,
    });
    expect(second.body.data).toMatchObject({ left: true });
    expect(await cardOf(student.id)).toBeUndefined();
  });

  it("counts an answer kept offline on the day it was given, never a future day, and refuses a bad moment", async () => {
    const student = await signUp();
    await mark(student.id, 0.5);
    await setCard(student.id, { dueDay: addDays(today(), -3), addedDay: addDays(today(), -5) });
    const answer = (answered_at: unknown) =>
      api(server.url, `/api/v1/reviews/${encodeURIComponent(ITEM)}`, {
        json: { points: [0, 1, 2, 3], answered_at },
        cookie: student.cookie,
      });
    const bad = await answer("last Tuesday");
    expect(bad.status).toBe(400);
    expect(bad.body.meta).toMatchObject({ message: expect.stringContaining("answered_at") });

    // Given two days ago on a phone without a connection, sent today: it counts on its own day.
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString();
    expect((await answer(twoDaysAgo)).body.data).toMatchObject({ left: false });
    expect((await cardOf(student.id))?.lastReviewDay).toBe(indianDay(twoDaysAgo));
    // A phone whose clock is years ahead counts as today: another day, so the second full answer takes it out.
    expect((await answer("2031-01-01T10:00:00+05:30")).body.data).toMatchObject({ left: true });
    expect(await cardOf(student.id)).toBeUndefined();
  });

  it("brings a missed point back the next day and counts it as missed", async () => {
    const student = await signUp();
    await mark(student.id, 1);
    await setCard(student.id, { dueDay: today(), fullReviews: 1, lastReviewDay: addDays(today(), -2) });
    const res = await api(server.url, `/api/v1/reviews/${encodeURIComponent(ITEM)}`, {
      json: { points: [0, 2] },
      cookie: student.cookie,
    });
    expect(res.body.data).toMatchObject({ left: false, scored: 1, due_day: addDays(today(), 1) });
    const card = await cardOf(student.id);
    expect(card?.fullReviews).toBe(0);
    expect(card?.missed).toEqual([1, 3]);
  });

  it("keeps each student's notebook their own, and refuses bad input with a message", async () => {
    const owner = await signUp();
    const other = await signUp();
    await mark(owner.id, 1);
    const stranger = await api(server.url, `/api/v1/reviews/${encodeURIComponent(ITEM)}`, {
      json: { points: [0] },
      cookie: other.cookie,
    });
    expect(stranger.status).toBe(404);
    expect((await api(server.url, "/api/v1/mistakes", { cookie: other.cookie })).body.data).toEqual([]);
    const badPoint = await api(server.url, `/api/v1/reviews/${encodeURIComponent(ITEM)}`, {
      json: { points: [7] },
      cookie: owner.cookie,
    });
    expect(badPoint.status).toBe(400);
    expect(badPoint.body.meta.message).toContain("marking point 7");
    for (const body of [{}, { points: "all" }, { points: [0.5] }]) {
      const res = await api(server.url, `/api/v1/reviews/${encodeURIComponent(ITEM)}`, {
        json: body,
        cookie: owner.cookie,
      });
      expect(res.status).toBe(400);
      expect(res.body.meta.message).toBeTruthy();
    }
    expect((await api(server.url, "/api/v1/mistakes?subject=latin", { cookie: owner.cookie })).status).toBe(400);
    expect((await api(server.url, "/api/v1/mistakes")).status).toBe(401);
    expect((await api(server.url, "/api/v1/reviews/due")).status).toBe(401);
  });

  it("takes a flagged item whatever its marks, and refuses an unknown one", async () => {
    const student = await signUp();
    const flagged = await api(server.url, "/api/v1/mistakes", {
      json: { item: `${PAPER}:q1a2` },
      cookie: student.cookie,
    });
    expect(flagged.status).toBe(201);
    const list = (await api(server.url, "/api/v1/mistakes", { cookie: student.cookie })).body.data as {
      item: string;
      flagged: boolean;
    }[];
    expect(list).toEqual([expect.objectContaining({ item: `${PAPER}:q1a2`, flagged: true })]);
    const unknown = await api(server.url, "/api/v1/mistakes", {
      json: { item: `${PAPER}:q99` },
      cookie: student.cookie,
    });
    expect(unknown.status).toBe(404);
  });

  it("ignores X-Test-Now on a real server: no student picks their own review day", async () => {
    const student = await signUp();
    const later = { "X-Test-Now": new Date(Date.now() + 10 * 24 * 60 * 60 * 1000).toISOString() };
    const flagged = await api(server.url, "/api/v1/mistakes", {
      json: { item: ITEM },
      cookie: student.cookie,
      headers: later,
    });
    expect(flagged.status).toBe(201);
    expect((await cardOf(student.id))?.dueDay).toBe(addDays(today(), 1));
    const due = await api(server.url, "/api/v1/reviews/due", { cookie: student.cookie, headers: later });
    expect(due.body.data).toEqual([]);
  });

  it("shows the notebook and one review per page without JavaScript", async () => {
    const student = await signUp();
    await mark(student.id, 1);
    await setCard(student.id, { dueDay: today(), addedDay: addDays(today(), -1) });
    // An empty notebook says so, and offers no review that would have nothing in it.
    const empty = await signUp();
    const none = await (await fetch(`${server.url}/mr/mistakes`, { headers: { Cookie: empty.cookie } })).text();
    expect(none).not.toContain('href="/mr/review"');
    const mistakes = await fetch(`${server.url}/mr/mistakes`, { headers: { Cookie: student.cookie } });
    expect(mistakes.status).toBe(200);
    expect(mistakes.headers.get("cache-control")).toBe("private, no-store");
    const notebook = await mistakes.text();
    expect(notebook).toContain(`data-item="${ITEM}"`);
    expect(notebook).toContain('href="/mr/review"');
    const page = await fetch(`${server.url}/review`, { headers: { Cookie: student.cookie } });
    const html = await page.text();
    expect(html).toContain(`value="${ITEM}"`);
    expect(html).toContain('name="point"');
    const posted = await fetch(`${server.url}/review`, {
      method: "POST",
      headers: { Cookie: student.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams([
        ["item", ITEM],
        ["point", "0"],
        ["point", "1"],
        ["point", "2"],
        ["point", "3"],
      ]),
      redirect: "manual",
    });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toBe("/review?done=again");
    expect((await cardOf(student.id))?.fullReviews).toBe(1);
    const anonymous = await fetch(`${server.url}/review`, { redirect: "manual" });
    expect(anonymous.status).toBeGreaterThanOrEqual(300);
  });

  it("takes the student's own exam date on the profile, pulls reviews before it, and exports the notebook", async () => {
    const student = await signUp();
    await mark(student.id, 1);
    await setCard(student.id, { dueDay: addDays(today(), 40) });
    const post = (exam_day: string) =>
      fetch(`${server.url}/profile`, {
        method: "POST",
        headers: { Cookie: student.cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "details", name: "Asha", role: "1", medium: "", exam_day }),
        redirect: "manual",
      });
    for (const bad of ["2027-02-30", "tomorrow", addDays(today(), -1), addDays(today(), 800)]) {
      const refused = await post(bad);
      expect(refused.status, bad).toBe(400);
      expect(await refused.text()).toContain('id="profile-exam-day-error"');
    }
    expect((await post(addDays(today(), 10))).status).toBe(200);
    expect((await cardOf(student.id))?.dueDay).toBe(addDays(today(), 9));
    const data = await (await fetch(`${server.url}/api/v1/me/data`, { headers: { Cookie: student.cookie } })).json();
    expect(data.account.examDay).toBe(addDays(today(), 10));
    expect(data.mistakeNotebook).toEqual([expect.objectContaining({ item: ITEM, missed: [1, 3] })]);
    // Empty follows the board's date again.
    expect((await post("")).status).toBe(200);
    const again = await (await fetch(`${server.url}/api/v1/me/data`, { headers: { Cookie: student.cookie } })).json();
    expect(again.account.examDay).toBeNull();
  });

  it("uses the SSC date an admin sets in the console, audit-logged, and refuses a date outside the season", async () => {
    const { cookie } = await signUpAdmin(server);
    const season = Number(today().slice(0, 4)) + (today().slice(5) > "03-31" ? 1 : 0);
    const post = (examYear: string, examDay: string) =>
      fetch(`${server.url}/admin/year-notes`, {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "exam-date", examYear, examDay }),
        redirect: "manual",
      });
    const refused = await post(String(season), `${season}-06-01`);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("February or March");
    const saved = await post(String(season), `${season}-03-02`);
    expect(saved.status).toBe(302);
    const student = await signUp();
    expect(await examDayFor(server.services, student.id, today())).toBe(`${season}-03-02`);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, "exam-date.set"));
    expect(audit?.after).toEqual({ year: season, day: `${season}-03-02` });
    // A student cannot set it.
    const byStudent = await fetch(`${server.url}/admin/year-notes`, {
      method: "POST",
      headers: { Cookie: student.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "exam-date", examYear: String(season), examDay: `${season}-02-10` }),
      redirect: "manual",
    });
    expect(byStudent.status).toBe(404);
  });

  it("fills the notebook from a finished practice: counted items below full marks, with the points not ticked", async () => {
    const student = await signUp();
    const started = await api(server.url, "/api/v1/attempts", { json: { paper_id: PAPER }, cookie: student.cookie });
    expect(started.status).toBe(201);
    const id = (started.body.data as { id: string }).id;
    expect(
      (await api(server.url, `/api/v1/attempts/${id}/finish-writing`, { json: {}, cookie: student.cookie })).status,
    ).toBe(200);
    const marked = await api(server.url, `/api/v1/attempts/${id}/marks`, {
      method: "PUT",
      json: { points: { q2a1: [0, 2], q1a1: [0] } },
      cookie: student.cookie,
    });
    expect(marked.status).toBe(200);
    const finished = await api(server.url, `/api/v1/attempts/${id}/finish`, { json: {}, cookie: student.cookie });
    expect(finished.status).toBe(200);
    const card = await cardOf(student.id);
    expect(card).toMatchObject({ missed: [1, 3], fullReviews: 0, dueDay: addDays(today(), 1) });
    // q1a1 got full marks: not a mistake.
    const all = await db().select().from(reviewCards).where(eq(reviewCards.userId, student.id));
    expect(all.map((row) => row.itemKey)).toEqual([ITEM]);
  });

  it("shows progress by chapter: the bank met, recent accuracy, what is due, and a chapter left alone (§4)", async () => {
    const student = await signUp();
    const started = await api(server.url, "/api/v1/attempts", { json: { paper_id: PAPER }, cookie: student.cookie });
    const id = (started.body.data as { id: string }).id;
    await api(server.url, `/api/v1/attempts/${id}/finish-writing`, { json: {}, cookie: student.cookie });
    await api(server.url, `/api/v1/attempts/${id}/marks`, {
      method: "PUT",
      json: { points: { q2a1: [0, 2] } },
      cookie: student.cookie,
    });
    expect((await api(server.url, `/api/v1/attempts/${id}/finish`, { json: {}, cookie: student.cookie })).status).toBe(
      200,
    );
    type Chapter = { chapter: string; bank_items: number; met: number; accuracy: number | null; due: number };
    const chapterOf = async () => {
      const res = await api(server.url, "/api/v1/attempts/progress", { cookie: student.cookie });
      expect(res.status).toBe(200);
      const [subject] = res.body.data as { subject: string; chapters: (Chapter & Record<string, unknown>)[] }[];
      expect(subject?.subject).toBe("math_1");
      return subject?.chapters.find((c) => c.chapter === "linear-equations-in-two-variables");
    };
    const fresh = await chapterOf();
    // One item met of the bank's many; 1 of its 2 marks; the card is due tomorrow, not today.
    expect(fresh).toMatchObject({ met: 1, accuracy: 50, due: 0, stale: false, days_since: 0 });
    expect(fresh?.bank_items).toBeGreaterThan(1);
    expect(fresh?.practice_url).toBe(
      "/maharashtra-board-math-1-question-papers/chapter-practice?chapter=linear-equations-in-two-variables&medium=english",
    );

    // Twenty days on, with the card due: the chapter is shown as left alone, with the ways back to it.
    await db()
      .update(practiceAttempts)
      .set({ finishedAt: new Date(Date.now() - 20 * 86_400_000) })
      .where(eq(practiceAttempts.id, id));
    await setCard(student.id, { dueDay: today() });
    expect(await chapterOf()).toMatchObject({ met: 1, accuracy: 50, due: 1, stale: true, days_since: 20 });
    const page = await (await fetch(`${server.url}/progress`, { headers: { Cookie: student.cookie } })).text();
    expect(page).toContain("not practised for 20 days");
    expect(page).toContain("1 question due");
    expect(page).toContain(
      'href="/maharashtra-board-math-1-question-papers/chapter-practice?chapter=linear-equations-in-two-variables&amp;medium=english"',
    );
    expect(page).toMatch(/<details[^>]*open=""[^>]*>\s*<summary[^>]*>By chapter: 1 chapter left alone/);
    const marathi = await (await fetch(`${server.url}/mr/progress`, { headers: { Cookie: student.cookie } })).text();
    expect(marathi).toContain("20 दिवस सराव नाही");
    expect(marathi).toContain("या प्रकरणाचा सराव करा");
  });

  it("adds a chapter practice question to the notebook from the page's form, without JavaScript too", async () => {
    const student = await signUp();
    const practice = "/maharashtra-board-math-1-question-papers/chapter-practice";
    const set = await (
      await fetch(`${server.url}${practice}?chapter=linear-equations-in-two-variables&seed=7`, {
        headers: { Cookie: student.cookie },
      })
    ).text();
    // Each question of the set has its form, naming its items as the notebook does.
    const items = [...set.matchAll(/<input type="hidden" name="item" value="([^"]+)"/g)].map((m) => m[1] ?? "");
    expect(items.length).toBeGreaterThan(0);
    const item = items[0] ?? "";
    expect(item).toMatch(/^[a-z0-9-]+:[a-z0-9]+$/);
    const post = (body: URLSearchParams, cookie = student.cookie) =>
      fetch(`${server.url}/mistakes`, {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body,
        redirect: "manual",
      });
    const returnTo = `${practice}?chapter=linear-equations-in-two-variables&seed=7`;
    const added = await post(
      new URLSearchParams([
        ["item", item],
        ["returnTo", returnTo],
      ]),
    );
    expect(added.status).toBe(200);
    const page = await added.text();
    expect(page).toContain("Added to your mistakes");
    expect(page).toContain(`href="${returnTo.replace(/&/g, "&amp;")}"`);
    const list = await api(server.url, "/api/v1/mistakes", { cookie: student.cookie });
    expect((list.body.data as { item: string; flagged: boolean }[]).map((e) => e.item)).toEqual([item]);

    // An unknown question, none, or a return address elsewhere: a clear message, nothing stored, no open redirect.
    const unknown = await post(
      new URLSearchParams([
        ["item", "no-such-paper:q1"],
        ["returnTo", "https://evil.example/"],
      ]),
    );
    expect(unknown.status).toBe(404);
    const unknownPage = await unknown.text();
    expect(unknownPage).toContain("This question could not be added");
    expect(unknownPage).not.toContain("evil.example");
    expect((await post(new URLSearchParams())).status).toBe(400);
    expect((await api(server.url, "/api/v1/mistakes", { cookie: student.cookie })).body.data).toHaveLength(1);
    // Signed out: to the sign-in page, nothing stored.
    const anonymous = await post(new URLSearchParams([["item", item]]), "");
    expect(anonymous.status).toBe(302);
  });
});
