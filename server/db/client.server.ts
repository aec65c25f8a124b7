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
import {
  countDatabaseInUse,
  countDatabasePool,
  countDatabaseQuery,
  type DatabaseDriver,
  type QueryFailure,
} from "../metrics/metrics.server.ts";
import { isDatabaseUnavailable } from "./errors.server.ts";
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

/** SQLSTATE unique_violation: how a unique index decides two racing sign-ups or Starts, which the app expects. */
const UNIQUE_VIOLATION = "23505";

function failureOf(error: unknown): QueryFailure | null {
  if (isDatabaseUnavailable(error)) return "unavailable";
  return (error as { code?: unknown } | null)?.code === UNIQUE_VIOLATION ? null : "other";
}

/** Counts `work` for /metrics when it settles: as a query, as work holding a connection, or both. */
function watch(
  driver: DatabaseDriver,
  work: PromiseLike<unknown>,
  as: { query: boolean; holdsConnection: boolean },
): void {
  if (as.holdsConnection) countDatabaseInUse(driver, 1);
  const settled = (failure: QueryFailure | null) => {
    if (as.holdsConnection) countDatabaseInUse(driver, -1);
    if (as.query) countDatabaseQuery(driver, failure);
  };
  work.then(
    () => settled(null),
    (error: unknown) => settled(failureOf(error)),
  );
}

/**
 * The driver's client as Drizzle is given it, measured for /metrics (issue 28). Neither driver reports its pool,
 * and Drizzle's logger sees a query only before it runs, so the client is wrapped where Drizzle sends every
 * query: one method (`query` on PGlite, `unsafe` on postgres.js) of the client, or of the client it hands a
 * transaction's body (`transaction`; `begin` and `savepoint`). A transaction holds one connection to its end, so
 * it counts as in use once and its queries only as queries. The ping and the migrations use the bare client.
 *
 * postgres.js starts a query a microtask after its first `then`, so watching it at once still lets Drizzle's
 * `.values()`, chained in the same expression, apply.
 */
function measured<C extends object>(
  client: C,
  driver: DatabaseDriver,
  methods: { query: string; scopes: readonly string[] },
  inTransaction = false,
): C {
  return new Proxy(client, {
    get(target, key) {
      // Read and called on the client itself: PGlite keeps its state in private fields, which a proxy cannot reach.
      const value: unknown = Reflect.get(target, key);
      if (typeof value !== "function") return value;
      if (key === methods.query) {
        return (...args: unknown[]) => {
          const query: PromiseLike<unknown> = value.apply(target, args);
          watch(driver, query, { query: true, holdsConnection: !inTransaction });
          return query;
        };
      }
      if (typeof key === "string" && methods.scopes.includes(key)) {
        return (...args: unknown[]) => {
          // The body comes last: postgres.js's `begin(options?, body)`.
          const body = args.pop() as (tx: object) => unknown;
          const scope: PromiseLike<unknown> = value.apply(target, [
            ...args,
            (tx: object) => body(measured(tx, driver, methods, true)),
          ]);
          watch(driver, scope, { query: false, holdsConnection: !inTransaction });
          return scope;
        };
      }
      return value.bind(target);
    },
  });
}

/** Counts the pool's size for /metrics while the database is open; the returned function ends that, once. */
function countPool(driver: DatabaseDriver, size: number): () => void {
  countDatabasePool(driver, size);
  let open = true;
  return () => {
    if (open) countDatabasePool(driver, -size);
    open = false;
  };
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
  const db = drizzlePglite({
    client: measured(client, "pglite", { query: "query", scopes: ["transaction"] }),
    schema,
  }) as unknown as Db;
  // One query at a time: a pool of one.
  const uncount = countPool("pglite", 1);
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
      uncount();
      if (!client.closed) await client.close();
    },
  };
}

export function openPostgres(url: string, options: { max?: number } = {}): Database {
  const max = options.max ?? 10;
  const client = postgres(url, {
    max,
    connect_timeout: 5,
    idle_timeout: 30,
    // postgres-js makes queued queries wait out an exponential reconnect backoff (up to 20 s) when
    // the server goes away; retry quickly instead, so an outage fails fast and becomes a 503.
    backoff: (retries) => Math.min(0.05 * retries, 0.5),
    onnotice: () => {},
  });
  const db = drizzlePostgres({
    client: measured(client, "postgres", { query: "unsafe", scopes: ["begin", "savepoint"] }),
    schema,
  }) as unknown as Db;
  const uncount = countPool("postgres", max);
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
      uncount();
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
