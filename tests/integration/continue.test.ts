/**
 * Continue where you left off (issue 26), through the real HTTP server on both databases: the home page and
 * /progress link an unfinished practice to where it stands (writing, checking), and /progress lists every
 * finished practice with its result; a visitor's home page has none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
});
