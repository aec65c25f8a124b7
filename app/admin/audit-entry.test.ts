import { describe, expect, it } from "vitest";
import { fieldChanges, showValue } from "./audit-entry";
import { fileProblem, MAX_UPLOAD_BYTES } from "./upload-form";

describe("fieldChanges", () => {
  it("lists only the fields a change touched, nested records as dotted fields", () => {
    const before = { mediums: ["english"], retired: false, question: { sha256: "aa", pages: 4 }, solution: null };
    const after = { mediums: ["english"], retired: false, question: { sha256: "bb", pages: 5 }, solution: null };
    expect(fieldChanges(before, after)).toEqual([
      { field: "question.sha256", before: "aa", after: "bb" },
      { field: "question.pages", before: "4", after: "5" },
    ]);
  });

  it("shows the whole record for a creation and a deletion", () => {
    const note = { year: 2024, subjects: null, text: "Exams in March.", textMr: null };
    expect(fieldChanges(null, note)).toEqual([
      { field: "year", before: "—", after: "2024" },
      { field: "text", before: "—", after: "Exams in March." },
    ]);
    expect(fieldChanges(note, null).map((c) => c.field)).toEqual(["year", "text"]);
  });

  it("compares plain values and a file that appears", () => {
    expect(fieldChanges({ status: "open" }, { status: "fixed" })).toEqual([
      { field: "status", before: "open", after: "fixed" },
    ]);
    expect(fieldChanges({ solution: null }, { solution: { pages: 2 } })).toEqual([
      { field: "solution.pages", before: "—", after: "2" },
    ]);
    expect(fieldChanges("a", "b")).toEqual([{ field: "value", before: "a", after: "b" }]);
  });

  it("shows values readably", () => {
    expect(showValue(["english", "marathi"])).toBe("english, marathi");
    expect(showValue([])).toBe("none");
    expect(showValue(true)).toBe("true");
    expect(showValue("")).toBe('""');
  });
});

describe("fileProblem", () => {
  const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });

  it("accepts a PDF, also one the browser gives no type", () => {
    expect(fileProblem(file("q.pdf", "application/pdf", 10))).toBeNull();
    expect(fileProblem(file("Q.PDF", "", 10))).toBeNull();
  });

  it("names what is wrong before anything is sent", () => {
    expect(fileProblem(file("q.docx", "application/msword", 10))).toBe("q.docx is not a PDF file.");
    expect(fileProblem(file("q.pdf", "application/pdf", 0))).toBe("q.pdf is empty.");
    expect(fileProblem(file("q.pdf", "application/pdf", MAX_UPLOAD_BYTES + 1))).toBe("The file is larger than 50 MB");
  });
});
