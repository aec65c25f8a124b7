/** What must be undone if the run stops early: servers to stop, the bench database to drop. */
import { log } from "./log.ts";
import type { Served } from "./processes.ts";

export interface Cleanups {
  /** Registers `cleanup` until the returned function is called. */
  add(cleanup: () => Promise<void>): () => void;
  /** Runs every registered cleanup, whatever fails. */
  runAll(): Promise<void>;
}

export function createCleanups(): Cleanups {
  const pending = new Set<() => Promise<void>>();
  return {
    add(cleanup) {
      pending.add(cleanup);
      return () => pending.delete(cleanup);
    },
    async runAll() {
      await Promise.allSettled([...pending].map((cleanup) => cleanup()));
    },
  };
}

/** Ctrl-C runs the cleanups and exits 130; a second Ctrl-C exits at once. */
export function cleanUpOnInterrupt(cleanups: Cleanups): void {
  let interrupted = false;
  process.on("SIGINT", () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    log("\nInterrupted: stopping servers and dropping the bench database…");
    void cleanups.runAll().then(() => process.exit(130));
  });
}

/** Starts a server, hands it to `use`, and stops it afterwards (or on an interruption meanwhile). */
export async function withServer<T>(
  cleanups: Cleanups,
  start: () => Promise<Served>,
  use: (served: Served) => Promise<T>,
): Promise<T> {
  const served = await start();
  const remove = cleanups.add(() => served.stop());
  try {
    return await use(served);
  } finally {
    remove();
    await served.stop();
  }
}
