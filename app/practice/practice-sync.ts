/**
 * The marks, ticked marking points and statuses a student enters, kept in the browser (localStorage) until the
 * server has them.
 *
 * Why: students mark themselves on a phone on a flaky connection. A change is written here first, then
 * sent; it leaves here only once the server answered with it. A reload, a closed tab or a dropped network
 * therefore loses nothing: the page sends what is left when it opens again or when the browser is online.
 * The API sets values (never adds), so sending a change twice is harmless.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { ItemStatus } from "../../domain/practice.ts";

export interface Changes {
  marks: Record<string, number | null>;
  /** Item id → the indices of the marking points ticked (the server sets the item's mark from them). */
  points: Record<string, number[] | null>;
  statuses: Record<string, ItemStatus | null>;
}

const empty = (): Changes => ({ marks: {}, points: {}, statuses: {} });
const keyOf = (attemptId: string) => `practice:${attemptId}:pending`;

function readPending(storage: Storage | undefined, attemptId: string): Changes {
  try {
    const raw = storage?.getItem(keyOf(attemptId));
    const parsed = raw ? (JSON.parse(raw) as Partial<Changes>) : null;
    return { marks: parsed?.marks ?? {}, points: parsed?.points ?? {}, statuses: parsed?.statuses ?? {} };
  } catch {
    return empty();
  }
}

function writePending(storage: Storage | undefined, attemptId: string, changes: Changes): void {
  try {
    if (countOf(changes) === 0) {
      storage?.removeItem(keyOf(attemptId));
    } else {
      storage?.setItem(keyOf(attemptId), JSON.stringify(changes));
    }
  } catch {
    // Storage full or blocked (private mode): the change is still in memory and sent from there.
  }
}

/** Adds a change to what is waiting. */
function addPending(storage: Storage | undefined, attemptId: string, change: Partial<Changes>): Changes {
  const pending = readPending(storage, attemptId);
  const next = {
    marks: { ...pending.marks, ...change.marks },
    points: { ...pending.points, ...change.points },
    statuses: { ...pending.statuses, ...change.statuses },
  };
  // Ticks replace a mark from before for the same item: the server would let the points decide anyway.
  for (const id of Object.keys(change.points ?? {})) delete next.marks[id];
  writePending(storage, attemptId, next);
  return next;
}

/** Removes what the server confirmed, unless it changed again meanwhile. */
function removeSent(storage: Storage | undefined, attemptId: string, sent: Changes): Changes {
  const pending = readPending(storage, attemptId);
  // Compared as JSON: ticked points are lists, read afresh from storage each time.
  const keep = <T>(now: Record<string, T>, was: Record<string, T>) =>
    Object.fromEntries(
      Object.entries(now).filter(([id, value]) => !(id in was) || JSON.stringify(was[id]) !== JSON.stringify(value)),
    );
  const next = {
    marks: keep(pending.marks, sent.marks),
    points: keep(pending.points, sent.points),
    statuses: keep(pending.statuses, sent.statuses),
  };
  writePending(storage, attemptId, next);
  return next;
}

function countOf(changes: Changes): number {
  return Object.keys(changes.marks).length + Object.keys(changes.points).length + Object.keys(changes.statuses).length;
}

export type SyncState = "saved" | "saving" | "offline" | "ended";

interface SaveResponse {
  meta?: { message?: string };
  data?: { marks: Record<string, number>; statuses: Record<string, ItemStatus> } | null;
}

/**
 * The attempt's marks, ticked points and statuses as the student sees them (the server's, with anything not yet
 * sent on top), and setters that keep and send each change. `markOf` gives an item's mark from its ticked points
 * (domain/practice.ts's markFromPoints), as the server will set it.
 */
export function usePracticeSync(
  attemptId: string,
  initial: {
    marks: Record<string, number>;
    points?: Record<string, number[]>;
    statuses: Record<string, ItemStatus>;
  },
  markOf: (itemId: string, ticked: number[]) => number = () => 0,
) {
  const [marks, setMarks] = useState<Record<string, number>>(initial.marks);
  const [points, setTicked] = useState<Record<string, number[]>>(initial.points ?? {});
  const [statuses, setStatuses] = useState<Record<string, ItemStatus>>(initial.statuses);
  const [pending, setPending] = useState(0);
  const [state, setState] = useState<SyncState>("saved");
  const inflight = useRef<Promise<boolean> | null>(null);
  const derive = useRef(markOf);
  derive.current = markOf;

  const apply = useCallback((changes: Partial<Changes>) => {
    const ticked = changes.points ?? {};
    const derived = Object.fromEntries(
      Object.entries(ticked).map(([id, list]) => [id, list && derive.current(id, list)]),
    );
    setMarks((all) => overlay(all, { ...changes.marks, ...derived }));
    setTicked((all) =>
      overlay(all, { ...Object.fromEntries(Object.keys(changes.marks ?? {}).map((id) => [id, null])), ...ticked }),
    );
    setStatuses((all) => overlay(all, changes.statuses ?? {}));
  }, []);

  const send = useCallback(async (): Promise<boolean> => {
    const changes = readPending(storage(), attemptId);
    if (countOf(changes) === 0) {
      setPending(0);
      setState("saved");
      return true;
    }
    setState("saving");
    try {
      const response = await fetch(`/api/v1/attempts/${attemptId}/marks`, {
        method: "PUT",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        credentials: "same-origin",
        body: JSON.stringify(changes),
      });
      if (response.status === 409 || response.status === 404) {
        // The attempt ended (on another device, or after 24 hours): these changes can no longer count.
        removeSent(storage(), attemptId, changes);
        setPending(0);
        setState("ended");
        return false;
      }
      if (!response.ok) throw new Error(`status ${response.status}`);
      await (response.json() as Promise<SaveResponse>);
      const left = countOf(removeSent(storage(), attemptId, changes));
      setPending(left);
      setState(left ? "saving" : "saved");
      return left === 0;
    } catch {
      setState("offline");
      return false;
    }
  }, [attemptId]);

  /**
   * Sends what is waiting, one request at a time (a call during a request waits for it, then sends
   * what is left). True when nothing is left to send.
   */
  const flush = useCallback(async (): Promise<boolean> => {
    while (inflight.current) await inflight.current;
    const request = send();
    inflight.current = request;
    try {
      const done = await request;
      return done && countOf(readPending(storage(), attemptId)) === 0;
    } finally {
      inflight.current = null;
    }
  }, [attemptId, send]);

  const change = useCallback(
    (changes: Partial<Changes>) => {
      const all = addPending(storage(), attemptId, changes);
      setPending(countOf(all));
      apply(changes);
      void flush();
    },
    [attemptId, apply, flush],
  );

  // What an earlier visit left unsent shows at once and is sent now, and whenever the browser is back online.
  useEffect(() => {
    const left = readPending(storage(), attemptId);
    if (countOf(left) > 0) {
      apply(left);
      setPending(countOf(left));
      void flush();
    }
    const online = () => void flush();
    window.addEventListener("online", online);
    // A network that failed without an "offline" event: try again now and then while something waits.
    const timer = window.setInterval(() => {
      if (countOf(readPending(storage(), attemptId)) > 0) void flush();
    }, 15_000);
    return () => {
      window.removeEventListener("online", online);
      window.clearInterval(timer);
    };
  }, [attemptId, apply, flush]);

  return {
    marks,
    points,
    statuses,
    pending,
    state,
    flush,
    /** Ticks an item's marking points (their indices); an empty list leaves the item not marked. */
    setPoints: (id: string, ticked: number[]) => change({ points: { [id]: ticked.length ? ticked : null } }),
    setStatus: (id: string, value: ItemStatus | null) => change({ statuses: { [id]: value } }),
  };
}

function storage(): Storage | undefined {
  return typeof window === "undefined" ? undefined : window.localStorage;
}

function overlay<T>(base: Record<string, T>, changes: Record<string, T | null>): Record<string, T> {
  const next = { ...base };
  for (const [id, value] of Object.entries(changes)) {
    if (value === null) delete next[id];
    else next[id] = value;
  }
  return next;
}
