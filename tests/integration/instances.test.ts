import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres } from "../../server/db/client.server.ts";
import { createRedisRateLimiter } from "../../server/http/rate-limit.server.ts";
import { createLogger } from "../../server/logger.server.ts";
import { createTestPostgresUrl } from "../support/databases.ts";
import { api, newAccount } from "../support/http.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(adminUrl && redisUrl)("two instances on one PostgreSQL and Redis", () => {
  const servers: TestServer[] = [];
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await createTestPostgresUrl(adminUrl ?? "");
    drop = created.drop;
    const prefix = `ps:test:${randomBytes(4).toString("hex")}:`;
    for (let i = 0; i < 2; i++) {
      // Each instance has its own pool and Redis connection, as separate processes would.
      const database = openPostgres(created.url, { max: 4 });
      await database.migrate();
      const rateLimiter = createRedisRateLimiter(redisUrl ?? "", createLogger("silent"), prefix);
      servers.push(await startTestServer(database, { rateLimiter }));
    }
  });
  afterAll(async () => {
    for (const server of servers) {
      await server.close();
      await server.services.rateLimiter.close();
      await server.services.database.close();
    }
    await drop?.();
  });

  const [a, b] = [() => servers[0] as TestServer, () => servers[1] as TestServer];

  it("a session created through one is valid on the other, and logout on one ends it on both", async () => {
    const signup = await api(a().url, "/api/v1/signup", { json: newAccount() });
    expect(signup.status).toBe(201);
    expect((await api(b().url, "/api/v1/me", { cookie: signup.cookie })).status).toBe(200);
    expect((await api(b().url, "/api/v1/logout", { json: {}, cookie: signup.cookie })).status).toBe(200);
    expect((await api(a().url, "/api/v1/me", { cookie: signup.cookie })).status).toBe(401);
    expect((await api(b().url, "/api/v1/me", { cookie: signup.cookie })).status).toBe(401);
  });

  it("login rate limits are shared", async () => {
    const account = newAccount();
    expect((await api(a().url, "/api/v1/signup", { json: account })).status).toBe(201);
    const fail = (server: TestServer, i: number) =>
      api(server.url, "/api/v1/login", {
        json: { email_or_phone: account.email, password: `wrong password ${i}` },
        headers: { "X-Forwarded-For": `10.20.0.${i}` },
      });
    for (let i = 0; i < 10; i++) expect((await fail(i % 2 === 0 ? a() : b(), i)).status).toBe(401);
    for (const server of [a(), b()]) {
      const res = await api(server.url, "/api/v1/login", {
        json: { email_or_phone: account.email, password: account.password },
        headers: { "X-Forwarded-For": "10.20.1.1" },
      });
      expect(res.status).toBe(429);
    }
  });
});
