/**
 * What an outside probe found (issue 10): requests anyone can send to a page must get a 4xx, never a
 * 500, and must not write error-level log lines, so that a real error stands out.
 */
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadBuild } from "../support/build.ts";
import { testDatabases } from "../support/databases.ts";
import { rawRequest, statusOf } from "../support/raw-http.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

/** One raw HTTP/1.x request; its status (a connection closed without one fails the test). */
async function rawStatus(url: string, request: string): Promise<number> {
  const answer = await rawRequest(url, request);
  const status = statusOf(answer);
  if (!status) throw new Error(`connection closed without a status: ${JSON.stringify(answer)}`);
  return status;
}

describe("requests a probe sends to pages", () => {
  let server: TestServer;
  let dispose: () => Promise<void>;
  const lines: Array<{ level: number; msg: string }> = [];

  beforeAll(async () => {
    const [pglite] = testDatabases();
    if (!pglite) throw new Error("no database");
    const database = await pglite.open();
    dispose = database.dispose;
    const log = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
    server = await startTestServer(database, { build: await loadBuild(), log });
  });
  afterAll(async () => {
    await server?.close();
    await dispose?.();
  });

  const errorLines = () => lines.filter((line) => line.level >= 50).map((line) => JSON.stringify(line).slice(0, 600));

  it.each(["TRACE", "PUT", "DELETE", "OPTIONS", "PATCH", "PROPFIND"])(
    "%s on a page is 405 with Allow",
    async (method) => {
      const status = await rawStatus(
        server.url,
        `${method} /about-us HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
      );
      expect(status).toBe(405);
      expect(errorLines()).toEqual([]);
    },
  );

  it("POST to a page without a form is a 4xx, logged below error level", async () => {
    // (A subject page has a form since issue 25 §5, "Ask for this paper": tests/integration/year-rows.test.ts.)
    for (const path of ["/about-us", "/", "/blogs", "/maharashtra-board-math-1-question-papers/math-1-model-1"]) {
      const res = await fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "a=1",
      });
      expect(res.status, path).toBe(405);
    }
    expect(errorLines()).toEqual([]);
  });

  it.each([
    ["an unclosed IPv6 literal", "Host: [::1\r\n"],
    ["a space", "Host: a b\r\n"],
    ["a port out of range", "Host: x:99999\r\n"],
    ["no Host on HTTP/1.1", ""],
  ])("a Host header with %s is 400", async (_what, hostLine) => {
    const status = await rawStatus(server.url, `GET /about-us HTTP/1.1\r\n${hostLine}Connection: close\r\n\r\n`);
    expect(status).toBe(400);
    expect(errorLines()).toEqual([]);
  });

  it("an empty Host on HTTP/1.0 is 400", async () => {
    expect(await rawStatus(server.url, "GET /about-us HTTP/1.0\r\nHost: \r\n\r\n")).toBe(400);
    expect(errorLines()).toEqual([]);
  });

  it("an unparsable Origin on a form post is refused without an error-level log", async () => {
    const res = await fetch(`${server.url}/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://[bad" },
      body: "intent=sign_in&email_or_phone=a%40b.co&password=whatever1",
    });
    expect(`${res.status} ${await res.text()}`).toBe("403 Cross-site request refused");
    const api = await fetch(`${server.url}/api/v1/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "null" },
      body: "{}",
    });
    expect(api.status).toBe(403);
    expect(errorLines()).toEqual([]);
  });
});
