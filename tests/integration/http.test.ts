import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres } from "../../server/db/client.server.ts";
import { loadBuild, someAsset } from "../support/build.ts";
import { testDatabases } from "../support/databases.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

describe.each(testDatabases())("HTTP basics on $name", (target) => {
  let server: TestServer;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    const database = await target.open();
    dispose = database.dispose;
    server = await startTestServer(database, { build: await loadBuild() });
  });
  afterAll(async () => {
    await server?.close();
    await dispose?.();
  });

  it("answers /healthz", async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("answers /readyz when the database answers", async () => {
    const res = await fetch(`${server.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("serves HTML with no-cache header and meta tags", async () => {
    const res = await fetch(`${server.url}/about-us`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    const html = await res.text();
    expect(html).toContain('<meta http-equiv="Cache-Control" content="no-cache, no-store, must-revalidate"/>');
    expect(html).toContain('<meta http-equiv="Pragma" content="no-cache"/>');
    expect(html).toContain('<meta http-equiv="Expires" content="0"/>');
  });

  it("serves hashed assets as immutable for a year", async () => {
    for (const asset of [someAsset(".js"), someAsset(".css")]) {
      const res = await fetch(`${server.url}${asset}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      // Never revalidated, so nothing to revalidate with.
      for (const header of ["etag", "last-modified", "accept-ranges", "x-request-id"]) {
        expect(res.headers.get(header), `${asset} ${header}`).toBeNull();
      }
    }
  });

  it("sends a hashed asset's Brotli or gzip copy by what Accept-Encoding accepts (RFC 9110: q=0 refuses, * matches)", async () => {
    const asset = someAsset(".js");
    const plain = await (await fetch(`${server.url}${asset}`, { headers: { "accept-encoding": "identity" } })).text();
    for (const [header, expected] of [
      ["gzip, deflate, br", "br"],
      ["GZIP, BR", "br"],
      ["br;q=0, gzip", "gzip"],
      ["gzip", "gzip"],
      ["*", "br"],
      ["*;q=0, gzip", "gzip"],
      ["*, br;q=0", "gzip"],
      ["br;q=0, gzip;q=0", null],
      ["identity", null],
    ] as const) {
      const res = await fetch(`${server.url}${asset}`, { headers: { "accept-encoding": header } });
      expect(res.headers.get("content-encoding"), header).toBe(expected);
      if (expected) expect(res.headers.get("vary"), header).toMatch(/accept-encoding/i);
      // fetch decodes it: every copy is the same script.
      expect(await res.text(), header).toBe(plain);
    }
  });

  it("answers an unknown page with a real 404 page", async () => {
    const res = await fetch(`${server.url}/no-such-page`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("Page not found");
    expect(html).toContain('href="/"');
  });

  it("answers /test and /content with 404", async () => {
    for (const path of ["/test", "/content"]) expect((await fetch(`${server.url}${path}`)).status).toBe(404);
  });

  it("answers an unknown API path with JSON 404", async () => {
    const res = await fetch(`${server.url}/api/v1/nothing-here`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ meta: { success: false } });
  });

  it("gives every response a request id", async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.headers.get("x-request-id")).toMatch(/^[\w-]{8,}$/);
  });
});

describe("/readyz without a database", () => {
  let server: TestServer;
  const database = openPostgres("postgres://postgres@127.0.0.1:1/unreachable");
  beforeAll(async () => {
    server = await startTestServer(database);
  });
  afterAll(async () => {
    await server.close();
    await database.close();
  });

  it("answers 503 with a JSON reason while /healthz stays 200", async () => {
    const res = await fetch(`${server.url}/readyz`);
    expect(res.status).toBe(503);
    const body = (await res.json()) as { status: string; reason: string };
    expect(body.status).toBe("unavailable");
    expect(body.reason).toMatch(/^database: /);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});
