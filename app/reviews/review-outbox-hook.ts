import { useCallback, useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { answeredSince, type KeptAnswer, keepAnswer, sendWaiting, waiting } from "./review-outbox";

/**
 * The review page's side of the outbox (./review-outbox.ts): the answers this phone holds for the student since
 * the page's day, how many still wait, and `answer`, which keeps an answer and sends what waits. `last` says what
 * became of the latest answer: "left" or "again" from the server, "kept" while it waits on the phone.
 */
export function useReviewOutbox(userId: string | null, today: string) {
  const [answered, setAnswered] = useState<Map<string, KeptAnswer>>(() => new Map());
  const [count, setCount] = useState(0);
  const [last, setLast] = useState<{ item: string } | null>(null);
  const revalidator = useRevalidator();
  const { revalidate } = revalidator;

  const refresh = useCallback(() => {
    if (userId === null) return;
    setAnswered(answeredSince(userId, today));
    setCount(waiting(userId));
  }, [userId, today]);

  const send = useCallback(async () => {
    if (userId === null) return;
    const before = waiting(userId);
    const left = await sendWaiting(userId);
    refresh();
    // Everything is on the server: the header's count and the day's set follow it.
    if (before > 0 && left === 0) void revalidate();
  }, [userId, refresh, revalidate]);

  // What an earlier visit left unsent is hidden and sent now, and whenever the browser is back online.
  useEffect(() => {
    refresh();
    void send();
    const online = () => void send();
    window.addEventListener("online", online);
    return () => window.removeEventListener("online", online);
  }, [refresh, send]);

  const answer = useCallback(
    (item: string, points: number[]) => {
      if (userId === null) return;
      keepAnswer(userId, item, points, new Date());
      setLast({ item });
      refresh();
      void send();
    },
    [userId, refresh, send],
  );

  const latest = last ? answered.get(last.item) : undefined;
  return {
    answered,
    waiting: count,
    last:
      latest === undefined
        ? null
        : !latest.sent
          ? ("kept" as const)
          : latest.left
            ? ("left" as const)
            : ("again" as const),
    answer,
  };
}
