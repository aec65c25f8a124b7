import { afterAll, describe, expect, it } from "vitest";
import { testDatabases } from "../../tests/support/databases.ts";
import { type Database, openPostgres, tableNames } from "./client.server.ts";

describe.each(testDatabases())("migrations on $name", (target) => {
  let database: (Database & { dispose(): Promise<void> }) | undefined;
  afterAll(() => database?.dispose());

  it("apply on an empty database and create every table", async () => {
    database = await target.open();
    expect(await tableNames(database.db)).toEqual(expect.arrayContaining(["papers", "sessions", "users", "vitals"]));
  });

  it("are safe to re-run", async () => {
    if (!database) throw new Error("previous test did not open the database");
    await database.migrate();
    await database.migrate();
    await expect(database.ping()).resolves.toBeUndefined();
  });
});

describe("ping", () => {
  it("rejects when PostgreSQL is unreachable", async () => {
    const database = openPostgres("postgres://postgres@127.0.0.1:1/none");
    await expect(database.ping(3000)).rejects.toThrow();
    await database.close();
  });
});
