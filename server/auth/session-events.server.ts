/**
 * Whether this process may keep sessions in memory, and how it tells the others that one ended (decision 032).
 * A session read from memory is safe only where every end of a session reaches this process at once:
 * - on the embedded database, which is one process's: always (`localSessionEvents`);
 * - on PostgreSQL with Redis: while this process listens on a Redis channel where every instance announces each
 *   end of a session (`redisSessionEvents`). When the connection drops, memory is emptied and not used until it
 *   is back, since an announcement may have been missed meanwhile;
 * - on PostgreSQL without Redis: never (`noSessionEvents`), since another instance may end a session unheard.
 */
import { Redis } from "ioredis";
import type { Logger } from "../logger.server.ts";

export interface SessionEvents {
  /** Sessions may be kept in memory now. */
  readonly live: boolean;
  /** This process ended a session or changed a user: the other instances forget theirs. */
  announce(): void;
  /** A student wrote here (./student-writes.server.ts): the other instances stop serving that student's kept pages. */
  announceWrite(userId: string): void;
  close(): Promise<void>;
}

export function localSessionEvents(): SessionEvents {
  return { live: true, announce() {}, announceWrite() {}, close: async () => {} };
}

export function noSessionEvents(): SessionEvents {
  return { live: false, announce() {}, announceWrite() {}, close: async () => {} };
}

const CHANNEL = "ps:sessions-changed";

/** A student's write, on the channel: this prefix and their id. Anything else is the end of a session. */
const WRITE = "w:";

/**
 * `forget` empties this process's memory of sessions (and of students' writes): on every announcement of an end,
 * and whenever listening stops or starts. `wrote` hears another instance's student write.
 */
export function redisSessionEvents(
  url: string,
  log: Logger,
  forget: () => void,
  wrote: (userId: string) => void = () => {},
): SessionEvents {
  // A subscribed connection takes no other command: one to listen, one to announce.
  const listener = new Redis(url, { connectTimeout: 2000, maxRetriesPerRequest: null });
  const announcer = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 1000, connectTimeout: 2000 });
  let live = false;
  const stop = () => {
    if (live) log.warn("sessions are read from the database until Redis is back");
    live = false;
    forget();
  };
  listener.on("error", (error) => log.warn({ err: error }, "redis error (session events)"));
  announcer.on("error", (error) => log.warn({ err: error }, "redis error (session events)"));
  listener.on("close", stop);
  listener.on("reconnecting", stop);
  listener.on("message", (_channel: string, message: string) =>
    message.startsWith(WRITE) ? wrote(message.slice(WRITE.length)) : forget(),
  );
  // ioredis subscribes again itself on a reconnection, before it says "ready".
  listener.on("ready", () => {
    forget();
    live = true;
  });
  listener.subscribe(CHANNEL).catch(stop);
  return {
    get live() {
      return live && listener.status === "ready";
    },
    announce() {
      announcer.publish(CHANNEL, "1").catch((error: unknown) => {
        log.warn({ err: error }, "could not announce the end of a session");
      });
    },
    announceWrite(userId) {
      announcer.publish(CHANNEL, WRITE + userId).catch((error: unknown) => {
        log.warn({ err: error }, "could not announce a student's write");
      });
    },
    async close() {
      listener.removeAllListeners("close");
      listener.removeAllListeners("reconnecting");
      listener.disconnect();
      announcer.disconnect();
    },
  };
}
