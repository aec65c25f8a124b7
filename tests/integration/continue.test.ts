/**
 * Continue where you left off (issue 26), through the real HTTP server on both databases: the home page and
 * /progress link an unfinished practice to where it stands (writing, checking), and /progress lists every
 * finished practice with its result; a visitor's home page has none of it.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { practiceAttempts, users } from "../../server/db/schema.ts";
import { loadBuild } from "../support/build.ts";
import { testDatabases } from "../support/databases.ts";
import { api, newAccount } from "../support/http.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

describe.each(testDatabases())("continue where you left off on $name", (target) => {
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

  const html = async (path: string, cookie?: string) =>
    (await fetch(`${server.url}${path}`, { headers: cookie ? { Cookie: cookie } : {} })).text();
  const call = (cookie: string, path: string, json: unknown = {}) =>
    api(server.url, `/api/v1${path}`, { json, cookie });

  it("links an unfinished practice from home and progress, then its result once finished", async () => {
    const signup = await api(server.url, "/api/v1/signup", { json: newAccount() });
    const cookie = signup.cookie as string;
    const started = await call(cookie, "/attempts", { paper_id: "math-1-model-1" });
    expect(started.status).toBe(201);
    const id = (started.body.data as { id: string }).id;

    // By the sections' ids: their headings' texts are also in the page's message catalog, whatever it shows.
    const home = await html("/", cookie);
    expect(home).toContain('id="home-continue"');
    expect(home).toContain(`href="/practice/${id}"`);
    expect(await html("/")).not.toContain('id="home-continue"');
    const progress = await html("/progress", cookie);
    expect(progress).toContain('id="continue"');
    expect(progress).toContain("Continue writing</a>");
    expect(progress).toContain(`href="/practice/${id}"`);
    expect(await html("/mr/progress", cookie)).toContain(`href="/mr/practice/${id}"`);

    expect((await call(cookie, `/attempts/${id}/finish-writing`)).status).toBe(200);
    const checking = await html("/progress", cookie);
    expect(checking).toContain("Continue checking</a>");
    expect(checking).toContain(`href="/practice/${id}/check"`);

    expect((await call(cookie, `/attempts/${id}/finish`)).status).toBe(200);
    const finished = await html("/progress", cookie);
    expect(finished).not.toContain('id="continue"');
    expect(finished).toContain('id="history"');
    expect(finished).toContain(`href="/practice/${id}/result"`);
    expect(await html("/", cookie)).not.toContain('id="home-continue"');
  });

  it("lists every attempt, fifty a page on /progress and 200 a page through the API, each once", async () => {
    const account = newAccount();
    const signup = await api(server.url, "/api/v1/signup", { json: account });
    const cookie = signup.cookie as string;
    const { db } = server.services.database;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
    // 130 finished attempts an hour apart, and three that started at the same moment: the cursor breaks the tie.
    const start = Date.UTC(2026, 10, 1);
    const rows = Array.from({ length: 133 }, (_, i) => {
      const startedAt = new Date(start + Math.min(i, 130) * 3_600_000);
      return {
        id: randomUUID(),
        userId: user?.id as string,
        paperId: "math-1-model-1",
        subject: "math_1",
        startedAt,
        deadlineAt: new Date(startedAt.getTime() + 3 * 3_600_000),
        finishedAt: new Date(startedAt.getTime() + 1_800_000),
        scored: i % 41,
        maxMarks: 40,
      };
    });
    await db.insert(practiceAttempts).values(rows);
    const results = (page: string) =>
      [...page.matchAll(/href="\/practice\/([0-9a-f-]{36})\/result"/g)].map((m) => m[1]);
    const older = (page: string) => page.match(/href="\/progress\?before=([0-9a-f-]{36})#history"/)?.[1];

    const seen: string[] = [];
    let page = await html("/progress", cookie);
    expect(page).not.toContain('href="/progress#history"');
    for (;;) {
      seen.push(...(results(page) as string[]));
      const next = older(page);
      if (!next) break;
      page = await html(`/progress?before=${next}`, cookie);
      expect(page).toContain('href="/progress#history"');
    }
    // Newest first, every one exactly once, in pages of 50, 50 and 33.
    expect(seen).toHaveLength(133);
    expect(new Set(seen).size).toBe(133);
    expect(seen.slice(0, 3)).toEqual(
      rows
        .slice(130)
        .map((r) => r.id)
        .sort()
        .reverse(),
    );
    expect(seen[3]).toBe(rows[129]?.id);
    expect(new Set(seen)).toEqual(new Set(rows.map((r) => r.id)));
    const marathi = await html(`/mr/progress?before=${seen[49]}`, cookie);
    expect(marathi).toContain(`href="/mr/progress?before=${seen[99]}#history"`);
    expect(marathi).toContain(`href="/mr/practice/${seen[50]}/result"`);
    expect(marathi).not.toContain(`href="/mr/practice/${seen[49]}/result"`);

    // A cursor that names no attempt of this student shows the newest page rather than an error.
    const stranger = await api(server.url, "/api/v1/signup", { json: newAccount() });
    expect(results(await html(`/progress?before=${seen[10]}`, stranger.cookie as string))).toEqual([]);
    expect(results(await html("/progress?before=nonsense", cookie))).toEqual(seen.slice(0, 50));

    // The API: the newest 200, then those before a given one; a cursor that is not one of yours is a 400.
    const all = await api(server.url, "/api/v1/attempts", { cookie });
    expect((all.body.data as { id: string }[]).map((a) => a.id)).toEqual(seen);
    const after = await api(server.url, `/api/v1/attempts?before=${seen[119]}`, { cookie });
    expect((after.body.data as { id: string }[]).map((a) => a.id)).toEqual(seen.slice(120));
    for (const bad of [seen[0], "nonsense", "x".repeat(200)]) {
      const refused = await api(server.url, `/api/v1/attempts?before=${bad}`, { cookie: stranger.cookie as string });
      expect(refused.status).toBe(400);
      expect(refused.body.meta).toMatchObject({ message: "before must be the id of one of your attempts" });
    }
  });
});
