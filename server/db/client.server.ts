import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import * as schema from "./schema.ts";

/** Both drivers share this type, so domain code never knows which one it runs on. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  kind: "pglite" | "postgres";
  db: Db;
  /** Rejects when the database does not answer within `timeoutMs`. */
  ping(timeoutMs?: number): Promise<void>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const MIGRATIONS_FOLDER = path.join(import.meta.dirname, "../../drizzle");
// Any fixed number: it only has to be the same for every instance of this app.
const MIGRATION_LOCK_ID = 4_210_977;

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Embedded PostgreSQL (WASM) in `dataDir/pglite`, or in memory when `dataDir` is null.
 * PGlite does not create parent folders, so we do.
 */
export async function openPglite(dataDir: string | null): Promise<Database> {
  let dir: string | undefined;
  if (dataDir !== null) {
    dir = path.resolve(dataDir, "pglite");
    mkdirSync(dir, { recursive: true });
  }
  const client = new PGlite(dir);
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    kind: "pglite",
    db,
    async ping(timeoutMs = 2000) {
      await withTimeout(client.query("select 1"), timeoutMs, "database ping");
    },
    async migrate() {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

export function openPostgres(url: string, options: { max?: number } = {}): Database {
  const client = postgres(url, {
    max: options.max ?? 10,
    connect_timeout: 5,
    idle_timeout: 30,
    // postgres-js makes queued queries wait out an exponential reconnect backoff (up to 20 s) when
    // the server goes away; retry quickly instead, so an outage fails fast and becomes a 503.
    backoff: (retries) => Math.min(0.05 * retries, 0.5),
    onnotice: () => {},
  });
  const db = drizzlePostgres({ client, schema }) as unknown as Db;
  return {
    kind: "postgres",
    db,
    async ping(timeoutMs = 2000) {
      await withTimeout(client`select 1`, timeoutMs, "database ping");
    },
    async migrate() {
      // Several instances may start at once: only one applies migrations, the rest wait for it.
      const lockClient = postgres(url, { max: 1, onnotice: () => {} });
      try {
        await lockClient`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
        await migratePostgres(drizzlePostgres({ client: lockClient }), { migrationsFolder: MIGRATIONS_FOLDER });
        await lockClient`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`;
      } finally {
        await lockClient.end({ timeout: 5 });
      }
    },
    async close() {
      await client.end({ timeout: 5 });
    },
  };
}

export async function openDatabase(options: { dataDir: string; databaseUrl?: string | undefined }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}

/** `db.execute` returns rows as an array on postgres-js and as `{ rows }` on PGlite. */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}

export async function tableNames(db: Db): Promise<string[]> {
  const result = await db.execute(
    sql`select table_name from information_schema.tables where table_schema = current_schema() order by table_name`,
  );
  return rowsOf<{ table_name: string }>(result).map((r) => r.table_name);
}
