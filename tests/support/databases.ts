import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { type Database, openPglite, openPostgres } from "../../server/db/client.server.ts";

export interface TestDatabase {
  name: "pglite" | "postgres";
  open(): Promise<Database & { dispose(): Promise<void> }>;
}

/**
 * PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. Each `open()` gives a fresh,
 * migrated database of its own (a new in-memory PGlite, or a new PostgreSQL database that
 * `dispose()` drops), so test files never see each other's rows.
 */
export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [
    {
      name: "pglite",
      async open() {
        const database = await openPglite(null);
        await database.migrate();
        return Object.assign(database, { dispose: () => database.close() });
      },
    },
  ];
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) list.push({ name: "postgres", open: () => openTestPostgres(adminUrl) });
  return list;
}

export async function createTestPostgresUrl(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const dbName = `ps_test_${randomBytes(6).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${dbName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  return {
    url: url.toString(),
    async drop() {
      const again = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await again.unsafe(`drop database if exists ${dbName} with (force)`);
      await again.end();
    },
  };
}

async function openTestPostgres(adminUrl: string) {
  const { url, drop } = await createTestPostgresUrl(adminUrl);
  const database = openPostgres(url, { max: 5 });
  await database.migrate();
  return Object.assign(database, {
    async dispose() {
      await database.close();
      await drop();
    },
  });
}
