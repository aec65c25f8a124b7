/**
 * The real model papers in content/papers: every file must load with no problems. A failure lists each problem as
 * `content/papers/<subject>/<paper>.yaml: <item id>: <what is wrong>`, which is what the paper's writer must fix.
 */
import { describe, expect, it } from "vitest";
import { SUBJECT_KEYS, SUBJECTS } from "../../domain/subjects.ts";
import { loadModelPapers } from "./load.server.ts";

describe("the model papers in content/papers", () => {
  const { papers, problems, warnings } = loadModelPapers();
  // Warnings do not fail; they are shown so that a writer sees them with the test output.
  const shown = warnings.flatMap((w) => w.problems);
  if (shown.length > 0) console.warn(`${shown.length} warnings in the model papers:\n${shown.join("\n")}`);

  it("all load, follow their blueprints and have complete items", () => {
    const messages = problems.flatMap((p) => p.problems);
    if (messages.length > 0) console.error(`${messages.length} problems in the model papers:\n${messages.join("\n")}`);
    expect(messages).toEqual([]);
    expect(papers.length).toBeGreaterThan(0);
  });

  it("have unique ids", () => {
    const ids = papers.map((p) => p.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it("give every subject at least 2 papers for the English and Semi-English mediums", () => {
    const short = SUBJECT_KEYS.flatMap((subject) =>
      (["english", "semi_english"] as const)
        .map((medium) => ({
          medium,
          n: papers.filter((p) => p.subject === subject && p.mediums.includes(medium)).length,
        }))
        .filter(({ n }) => n < 2)
        .map(({ medium, n }) => `${subject} (${medium}): ${n} papers`),
    );
    expect(short).toEqual([]);
  });

  it("state in each Marathi-medium paper only numbers its English original states, item by item", () => {
    // A translation may write a number in words ("तेराव्या शतकात"), but a number the English item does not have is
    // a slip (3 for 8, a wrong year) in the Marathi version.
    const byId = new Map(papers.map((p) => [p.id, p]));
    const numbers = (text: string) => new Set(text.match(/\d+(?:\.\d+)?/g) ?? []);
    const items = (paper: (typeof papers)[number]) =>
      new Map(paper.questions.flatMap((q) => q.sections.flatMap((s) => s.items.map((item) => [item.id, item]))));
    const slips: string[] = [];
    for (const marathi of papers.filter((p) => p.id.endsWith("-mr"))) {
      const english = byId.get(marathi.id.slice(0, -"-mr".length));
      if (!english) {
        slips.push(`${marathi.id}: no English original`);
        continue;
      }
      const originals = items(english);
      for (const [id, item] of items(marathi)) {
        const original = originals.get(id);
        const whole = (i: typeof item) =>
          [i.text, i.answer, ...(i.options ?? []), ...i.marking.map((m) => m.point)].join("\n");
        if (!original) {
          slips.push(`${marathi.id}: ${id}: not in ${english.id}`);
          continue;
        }
        const known = numbers(whole(original));
        const extra = [...numbers(whole(item))].filter((n) => !known.has(n));
        if (extra.length > 0) slips.push(`${marathi.id}: ${id}: ${extra.join(", ")} not in ${english.id}`);
      }
    }
    expect(slips).toEqual([]);
  });

  it("give every language subject at least 2 papers for the Marathi medium too", () => {
    const short = SUBJECTS.filter((s) => s.language)
      .filter((s) => papers.filter((p) => p.subject === s.key && p.mediums.includes("marathi")).length < 2)
      .map((s) => s.key);
    expect(short).toEqual([]);
  });
});
