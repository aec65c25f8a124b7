/**
 * A student's own pages kept for that student (decision 034): each student has a generation that every write of
 * theirs moves on, and a kept page of theirs is found only under the generation it was rendered in. A write (any
 * request but GET and HEAD from a session: a mark, a review, the reading place, a sign-out, a profile change)
 * moves it when it starts and again as its response is sent, so that a render that read the data before the
 * write was committed is never found once the student has the write's answer.
 *
 * Generations are numbers from one counter that only grows: a student who never wrote reads the floor, which
 * moves past every number given out when the memory of writes is emptied (it is capped, and it is emptied when
 * another instance's writes may have gone unheard). So a forgotten student can never read a generation they had
 * before, whose pages may be older than their last write.
 *
 * Other instances hear each write on the session events' channel (./session-events.server.ts); without one
 * that is live (PostgreSQL without Redis, or Redis gone), `ownPagesGeneration` is undefined and no student's
 * own page is kept.
 */
import type { RequestHandler } from "express";
import { hasSessionCookie } from "../../domain/cookies.ts";
import type { Services } from "../services.server.ts";
import { getUser, sessionEventsOf } from "./session.server.ts";

/** Students remembered at most: ~80 bytes each. Past it the memory is emptied and the floor moves. */
const MAX_STUDENTS = 100_000;

interface Writes {
  last: Map<string, number>;
  floor: number;
}

let counter = 0;
const writesOf = new WeakMap<object, Writes>();

function writes(database: object): Writes {
  let state = writesOf.get(database);
  if (!state) {
    state = { last: new Map(), floor: ++counter };
    writesOf.set(database, state);
  }
  return state;
}

/** A write of `userId`, made here or heard from another instance: their kept pages are no longer theirs. */
export function heardStudentWrote(database: object, userId: string): void {
  const state = writes(database);
  // Re-inserted, so that the map's order is the order of last writes.
  state.last.delete(userId);
  state.last.set(userId, ++counter);
  if (state.last.size > MAX_STUDENTS) forgetStudentWrites(database);
}

/** Every student's kept pages are no longer theirs: writes may have gone unheard (Redis lost), or the memory is full. */
export function forgetStudentWrites(database: object): void {
  const state = writes(database);
  state.last.clear();
  state.floor = ++counter;
}

/** A write of `userId` in this process: here, and announced to the other instances. */
export function studentWrote(services: Pick<Services, "database">, userId: string): void {
  heardStudentWrote(services.database, userId);
  sessionEventsOf(services.database)?.announceWrite(userId);
}

/** The generation a page of `userId` is kept under now; undefined when this process may not keep one. */
export function ownPagesGeneration(database: object, userId: string): string | undefined {
  if (!sessionEventsOf(database)?.live) return undefined;
  const state = writes(database);
  return String(state.last.get(userId) ?? state.floor);
}

/**
 * Before every route: a request from a session that may write (not GET or HEAD) moves its student's generation
 * on as it starts and as its answer is sent (see above). A request whose session cannot be read goes on: its
 * route answers for that.
 */
export function trackStudentWrites(services: Pick<Services, "database">): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || !hasSessionCookie(req.headers.cookie)) return next();
    getUser(req).then(
      (user) => {
        if (!user) return next();
        studentWrote(services, user.id);
        const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
        res.end = ((...args: unknown[]) => {
          studentWrote(services, user.id);
          return end(...args);
        }) as typeof res.end;
        next();
      },
      () => next(),
    );
  };
}
