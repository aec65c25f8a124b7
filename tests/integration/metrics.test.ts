/**
 * GET /metrics (issue 28): Prometheus text for a scraper with the METRICS_TOKEN, a 404 without the setting, and
 * labels from fixed sets only, so that random URLs cannot grow the registry. The registry is the process's, so
 * the tests compare values before and after what they do, and wait for conditions, never for time.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../server/auth/passwords.server.ts";
import { loadConfig } from "../../server/config.server.ts";
import { type Database, openPostgres } from "../../server/db/client.server.ts";
import { createTestPostgresUrl, testDatabases } from "../support/databases.ts";
import { api, newAccount } from "../support/http.ts";
import { startPageServer, startTestServer, type TestServer } from "../support/server.ts";

const TOKEN = "scrape-4f9c1e7a2b8d";

/** The value of one sample line (`name{labels} value`), 0 when absent. */
function sample(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

/** Released by hand: what a test holds open (a mail job, a transaction) until it has looked. */
function gate(): { wait: Promise<void>; release(): void } {
  let release = () => {};
  const wait = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { wait, release };
}

const adminUrl = process.env.TEST_DATABASE_URL;
/** Connections of the PostgreSQL pool these tests open: what its gauge must say. */
const POSTGRES_POOL = 3;

/** A fresh, migrated database of each kind, with the pool size its client was configured with. */
const DATABASES: Array<{
  name: "pglite" | "postgres";
  poolSize: number;
  open(): Promise<Database & { dispose(): Promise<void> }>;
}> = [
  {
    name: "pglite",
    poolSize: 1,
    open: () => (testDatabases()[0] as NonNullable<ReturnType<typeof testDatabases>[0]>).open(),
  },
  ...(adminUrl
    ? [
        {
          name: "postgres" as const,
          poolSize: POSTGRES_POOL,
          async open() {
            const { url, drop } = await createTestPostgresUrl(adminUrl);
            const database = openPostgres(url, { max: POSTGRES_POOL });
            await database.migrate();
            return Object.assign(database, {
              async dispose() {
                await database.close();
                await drop();
              },
            });
          },
        },
      ]
    : []),
];

describe("GET /metrics", () => {
  let server: TestServer;
  let plain: TestServer;

  beforeAll(async () => {
    server = await startPageServer({ env: { METRICS_TOKEN: TOKEN } });
    plain = await startPageServer();
  });
  afterAll(async () => {
    await server?.close();
    await plain?.close();
  });

  const scrape = async (url = server.url) => {
    const res = await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    return { type: res.headers.get("content-type"), text: await res.text() };
  };

  it("is a 404 page when no token is set", async () => {
    const res = await fetch(`${plain.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
  });

  it("asks for the token, and refuses a wrong one", async () => {
    for (const authorization of [undefined, "Bearer nope", `Bearer ${TOKEN}x`, TOKEN]) {
      const res = await fetch(`${server.url}/metrics`, {
        headers: authorization ? { Authorization: authorization } : {},
      });
      expect(res.status, String(authorization)).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(await res.text()).not.toContain("paperstation_");
    }
  });

  it("reports the process: memory and event-loop lag", async () => {
    const { type, text } = await scrape();
    expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  });

  it("counts requests by route pattern and status, and the caches' hits and misses", async () => {
    const api =
      'paperstation_http_request_duration_seconds_count{route="/api/v1/model-papers",method="GET",status="200"}';
    const page =
      'paperstation_http_request_duration_seconds_count{route="page:routes/about.tsx",method="GET",status="200"}';
    const hits = 'paperstation_cache_lookups_total{cache="anonymous pages",result="hit"}';
    const before = (await scrape()).text;
    // Each body read to its end: a request is counted when its answer has been sent.
    const get = async (path: string) => {
      const res = await fetch(`${server.url}${path}`);
      await res.text();
      return res.status;
    };
    for (let i = 0; i < 3; i++) expect(await get("/api/v1/model-papers?subject=math_1&medium=english")).toBe(200);
    // The second and third visit are answered from the page cache (decision 014).
    for (let i = 0; i < 3; i++) expect(await get("/about-us")).toBe(200);
    const after = (await scrape()).text;
    expect(sample(after, api) - sample(before, api)).toBe(3);
    // Labelled by their page, whether rendered or kept.
    expect(sample(after, page) - sample(before, page)).toBe(3);
    expect(sample(after, hits) - sample(before, hits)).toBeGreaterThanOrEqual(2);
  });

  it("labels random paths by the page they reach, never by the path itself", async () => {
    for (let i = 0; i < 20; i++) await (await fetch(`${server.url}/no-such-page-${i}?x=${i}`)).text();
    for (let i = 0; i < 5; i++) await (await fetch(`${server.url}/api/v1/no-such-endpoint-${i}`)).text();
    const { text } = await scrape();
    expect(text).not.toContain("no-such-page");
    expect(text).not.toContain("no-such-endpoint");
    expect(
      sample(
        text,
        'paperstation_http_request_duration_seconds_count{route="page:routes/not-found.tsx",method="GET",status="404"}',
      ),
    ).toBeGreaterThanOrEqual(20);
  });

  it("reports the argon2 queue: none when idle, the hashes beyond argon2's slots while they wait", async () => {
    const queue = "paperstation_argon2_queue";
    await expect.poll(async () => sample((await scrape()).text, queue)).toBe(0);
    expect((await scrape()).text).toMatch(/^paperstation_argon2_queue 0$/m);
    // Ten times argon2's slots (at most 3 run at once): the rest wait while the scrape is answered.
    const hashes = Array.from({ length: 30 }, (_, i) => hashPassword(`password ${i}`));
    expect(sample((await scrape()).text, queue)).toBeGreaterThan(0);
    await Promise.all(hashes);
    expect(sample((await scrape()).text, queue)).toBe(0);
  });

  it("reports the mail queue: messages waiting count until they are delivered", async () => {
    const queue = "paperstation_mail_queue";
    const { mailer } = server.services;
    await mailer.idle();
    const before = (await scrape()).text;
    expect(before).toMatch(/^paperstation_mail_queue \d+$/m);
    const held = gate();
    for (let i = 0; i < 2; i++) mailer.send(() => held.wait.then(() => null));
    expect(sample((await scrape()).text, queue) - sample(before, queue)).toBe(2);
    held.release();
    await mailer.idle();
    expect(sample((await scrape()).text, queue)).toBe(sample(before, queue));
  });

  describe.each(DATABASES)("the database on $name", ({ name, poolSize, open }) => {
    let database: Awaited<ReturnType<typeof open>>;
    let dbServer: TestServer;
    const series = (metric: string, labels = "") => `paperstation_db_${metric}{driver="${name}"${labels}}`;

    beforeAll(async () => {
      database = await open();
      dbServer = await startTestServer(database, { env: { METRICS_TOKEN: TOKEN } });
    });
    afterAll(async () => {
      await dbServer?.close();
      await database?.dispose();
    });

    it("reports the pool's size while a database is open, and no longer once it is closed", async () => {
      const pool = series("pool_size");
      const before = sample((await scrape(dbServer.url)).text, pool);
      const another = await open();
      try {
        expect(sample((await scrape(dbServer.url)).text, pool) - before).toBe(poolSize);
      } finally {
        await another.dispose();
      }
      // Closed twice (the server's close, then the test's): counted off once.
      await another.close();
      expect(sample((await scrape(dbServer.url)).text, pool)).toBe(before);
    });

    it("counts queries, and failed ones by reason, but not the unique violations that decide races", async () => {
      const queries = series("queries_total");
      const failed = series("query_errors_total", ',reason="other"');
      const before = (await scrape(dbServer.url)).text;
      // A sign-up: a transaction of several queries, through the app.
      expect((await api(dbServer.url, "/api/v1/signup", { json: newAccount() })).status).toBe(201);
      const signedUp = (await scrape(dbServer.url)).text;
      expect(sample(signedUp, queries) - sample(before, queries)).toBeGreaterThanOrEqual(2);
      expect(sample(signedUp, failed)).toBe(sample(before, failed));

      await expect(database.db.execute(sql`select 1 / 0 as x`)).rejects.toThrow();
      const divided = (await scrape(dbServer.url)).text;
      expect(sample(divided, failed) - sample(before, failed)).toBe(1);

      // In one transaction, as a temporary table belongs to one connection.
      const duplicate = database.db.transaction(async (tx) => {
        await tx.execute(sql`create temp table metrics_probe (id int primary key) on commit drop`);
        await tx.execute(sql`insert into metrics_probe values (1)`);
        await tx.execute(sql`insert into metrics_probe values (1)`);
      });
      await expect(duplicate).rejects.toMatchObject({ cause: { code: "23505" } });
      const after = (await scrape(dbServer.url)).text;
      expect(sample(after, queries) - sample(divided, queries)).toBeGreaterThanOrEqual(3);
      expect(sample(after, failed)).toBe(sample(divided, failed));
    });

    it("counts work holding a connection: an open transaction once, to its end", async () => {
      const inUse = series("pool_in_use");
      const value = async () => sample((await scrape(dbServer.url)).text, inUse);
      await expect.poll(value).toBe(0);
      const held = gate();
      const transaction = database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await tx.execute(sql`select 2`);
        await held.wait;
      });
      await expect.poll(value).toBe(1);
      held.release();
      await transaction;
      await expect.poll(value).toBe(0);
    });

    it.runIf(name === "postgres")("counts a query on a closed pool as the database being unavailable", async () => {
      const unavailable = series("query_errors_total", ',reason="unavailable"');
      const another = await open();
      await another.close();
      const before = sample((await scrape(dbServer.url)).text, unavailable);
      try {
        await expect(another.db.execute(sql`select 1`)).rejects.toThrow();
      } finally {
        await another.dispose();
      }
      expect(sample((await scrape(dbServer.url)).text, unavailable) - before).toBe(1);
    });
  });

  it("refuses a token too short to guess safely", () => {
    expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN: must be 16 to 200 printable/);
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
  });
});
