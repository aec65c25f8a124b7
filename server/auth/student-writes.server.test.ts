import { describe, expect, it } from "vitest";
import { attachSessionEvents } from "./session.server.ts";
import { localSessionEvents, noSessionEvents } from "./session-events.server.ts";
import { forgetStudentWrites, heardStudentWrote, ownPagesGeneration } from "./student-writes.server.ts";

/** A database as these functions see it: an owner object, with its session events. */
function database(live = true): object {
  const owner = {};
  attachSessionEvents(owner, live ? localSessionEvents() : noSessionEvents());
  return owner;
}

describe("a student's generation of kept pages (decision 034)", () => {
  it("moves on with each of their writes, and only theirs", () => {
    const db = database();
    const asha = ownPagesGeneration(db, "asha");
    const bala = ownPagesGeneration(db, "bala");
    heardStudentWrote(db, "asha");
    const after = ownPagesGeneration(db, "asha");
    expect(after).not.toBe(asha);
    expect(ownPagesGeneration(db, "bala")).toBe(bala);
    heardStudentWrote(db, "asha");
    expect(ownPagesGeneration(db, "asha")).not.toBe(after);
  });

  it("never gives a student a generation they had before, once its memory is emptied", () => {
    const db = database();
    const seen = new Set<string | undefined>([ownPagesGeneration(db, "asha")]);
    for (let i = 0; i < 3; i++) {
      heardStudentWrote(db, "asha");
      seen.add(ownPagesGeneration(db, "asha"));
      forgetStudentWrites(db);
      // Forgotten: Asha reads the new floor, and so does a student who never wrote.
      expect(seen.has(ownPagesGeneration(db, "asha"))).toBe(false);
      seen.add(ownPagesGeneration(db, "asha"));
    }
    expect(seen.size).toBe(7);
  });

  it("empties its memory past 100,000 students, moving everyone on", () => {
    const db = database();
    heardStudentWrote(db, "asha");
    const asha = ownPagesGeneration(db, "asha");
    const never = ownPagesGeneration(db, "never-wrote");
    for (let i = 0; i < 100_000; i++) heardStudentWrote(db, `student-${i}`);
    expect(ownPagesGeneration(db, "asha")).not.toBe(asha);
    expect(ownPagesGeneration(db, "never-wrote")).not.toBe(never);
  });

  it("keeps nothing where another instance's writes could go unheard", () => {
    expect(ownPagesGeneration(database(false), "asha")).toBeUndefined();
  });
});
