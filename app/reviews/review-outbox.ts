/**
 * Review answers kept on the phone until the server has them (issue 27 §3: the review works offline once loaded,
 * and nothing is lost). The same rule as practice marks (app/practice/practice-sync.ts): an answer is written
 * here first, then sent, and leaves only once the server answered. It is sent with the moment it was given, so
 * that an answer kept offline counts on its own day (domain/review-schedule.ts's answerDay).
 *
 * One record per student (`ps-review-outbox:<user id>`): a brother who signs in on the same phone neither sees
 * nor sends them, and they go when their owner is next signed in. An answer the server has stays a few days as
 * "sent", so that a page kept offline from earlier does not ask the same question again. Only item keys, the
 * ticked points' indices and the moment are stored: the student's own study record.
 */
import { indianDay } from "../../domain/i18n.ts";
import { outboxKey } from "./outbox-key";

export interface KeptAnswer {
  points: number[];
  /** When it was given (an ISO instant), and its day in India. */
  at: string;
  day: string;
  /** The server has it (or refused it for good: the item left the notebook elsewhere). */
  sent: boolean;
  /** What the server said: the item left the notebook. */
  left?: boolean;
}

type Kept = Record<string, KeptAnswer>;

/** How long a sent answer is remembered, to hide its item on a page kept from an earlier day. */
const SENT_KEPT_DAYS = 3;

function storage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined; // storage blocked
  }
}

function read(userId: string): Kept {
  try {
    const raw = storage()?.getItem(outboxKey(userId));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return parsed && typeof parsed === "object" ? (parsed as Kept) : {};
  } catch {
    return {};
  }
}

/** In memory too, for a phone whose storage is full or blocked: the answers still go while the page is open. */
const memory = new Map<string, Kept>();

function write(userId: string, kept: Kept): void {
  memory.set(userId, kept);
  try {
    if (Object.keys(kept).length === 0) storage()?.removeItem(outboxKey(userId));
    else storage()?.setItem(outboxKey(userId), JSON.stringify(kept));
  } catch {
    // Storage full or blocked: kept in memory above.
  }
}

function current(userId: string): Kept {
  return { ...memory.get(userId), ...read(userId) };
}

/** Keeps an answer (`now` is the page's clock) and forgets sent answers older than a few days. */
export function keepAnswer(userId: string, item: string, points: number[], now: Date): void {
  const today = indianDay(now);
  // Days by the clock, not domain/review-schedule.ts's addDays: that module would join the pages' shared chunk.
  const oldest = indianDay(new Date(now.getTime() - SENT_KEPT_DAYS * 24 * 60 * 60 * 1000));
  const kept = Object.fromEntries(
    Object.entries(current(userId)).filter(([, answer]) => !answer.sent || answer.day >= oldest),
  );
  kept[item] = { points: [...points], at: now.toISOString(), day: today, sent: false };
  write(userId, kept);
}

/** The items answered on this phone on `day` or later: a page loaded earlier shows them no more. */
export function answeredSince(userId: string, day: string): Map<string, KeptAnswer> {
  return new Map(Object.entries(current(userId)).filter(([, answer]) => answer.day >= day));
}

/** How many answers wait to be sent. */
export function waiting(userId: string): number {
  return Object.values(current(userId)).filter((answer) => !answer.sent).length;
}

let sending: Promise<number> | null = null;

/**
 * Sends what waits, one answer at a time, and resolves to how many are still waiting (0: all sent). Stops at the
 * first failure of the network or the server, to try again later; an answer the server refuses for good (its
 * item is no longer in this student's notebook, or the session belongs to someone else) is not sent again.
 * One run at a time: a call during a run waits for it.
 */
export function sendWaiting(userId: string): Promise<number> {
  const run = async (): Promise<number> => {
    for (const [item, answer] of Object.entries(current(userId))) {
      if (answer.sent) continue;
      let response: Response;
      try {
        response = await fetch(`/api/v1/reviews/${encodeURIComponent(item)}`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          credentials: "same-origin",
          body: JSON.stringify({ points: answer.points, answered_at: answer.at }),
        });
      } catch {
        break; // offline: the rest waits too
      }
      // Done with: taken, or refused for good (400: points it does not have; 404: no longer in this student's
      // notebook). Anything else (signed out, rate-limited, the server down) keeps the rest for later.
      if (!(response.ok || response.status === 400 || response.status === 404)) break;
      const body = (await response.json().catch(() => null)) as { data?: { left?: boolean } } | null;
      const kept = current(userId);
      const now = kept[item];
      // Answered again meanwhile: the newer answer still waits.
      if (now && now.at === answer.at) {
        kept[item] = { ...now, sent: true, left: response.ok ? body?.data?.left === true : response.status === 404 };
        write(userId, kept);
      }
    }
    return waiting(userId);
  };
  const next = (sending ?? Promise.resolve(0)).then(run, run).finally(() => {
    if (sending === next) sending = null;
  });
  sending = next;
  return next;
}
