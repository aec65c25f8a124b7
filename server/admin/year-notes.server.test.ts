/**
 * The year notes as the subject page reads them (moved here from domain/catalog.test.ts when the notes
 * moved into the database): the migration's seed, per subject and per language, and the short cache.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../../tests/support/databases.ts";
import { forgetCaches } from "../cache/cache.server.ts";
import type { Database } from "../db/client.server.ts";
import { yearNotes } from "../db/schema.ts";
import { yearNotesFor } from "./year-notes.server.ts";

describe.each(testDatabases())("year notes on $name", (target) => {
  let database: Database & { dispose(): Promise<void> };
  const services = () => ({ database });

  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it("say that the 2020 Geography paper was cancelled, on Geography only", async () => {
    expect((await yearNotesFor(services(), 2020, "geography", "en"))[0]).toMatch(
      /Geography paper of 23 March was cancelled/,
    );
    expect((await yearNotesFor(services(), 2020, "math_1", "en")).join(" ")).not.toMatch(/Geography/);
  });

  it("cover the years the board changed things", async () => {
    expect((await yearNotesFor(services(), 2021, "english", "en"))[0]).toMatch(/No written exam/);
    expect((await yearNotesFor(services(), 2022, "english", "en"))[0]).toMatch(/reduced by 25%/);
    expect((await yearNotesFor(services(), 2023, "english", "en"))[0]).toMatch(/10 minutes/);
    expect(await yearNotesFor(services(), 2017, "english", "en")).toEqual([]);
  });

  it("are in Marathi on Marathi pages, in English where a note has no Marathi text", async () => {
    expect((await yearNotesFor(services(), 2020, "geography", "mr"))[0]).toMatch(/भूगोलाचा पेपर/);
    await database.db.insert(yearNotes).values({ year: 2017, subjects: null, text: "Only in English." });
    forgetCaches(database, "catalogue");
    expect(await yearNotesFor(services(), 2017, "english", "mr")).toEqual(["Only in English."]);
  });

  it("are read once for every page within two seconds, and again after a change here", async () => {
    await database.db.insert(yearNotes).values({ year: 2017, subjects: ["math_1"], text: "Cached away." });
    expect(await yearNotesFor(services(), 2017, "math_1", "en")).toEqual(["Only in English."]);
    forgetCaches(database, "catalogue");
    expect(await yearNotesFor(services(), 2017, "math_1", "en")).toEqual(["Cached away.", "Only in English."]);
  });
});
