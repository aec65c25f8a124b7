import { describe, expect, it } from "vitest";
import {
  keepDataWhenOnlyViewerChanges,
  onlyViewerChanged,
  viewerHref,
  viewerTargetOf,
  withViewer,
} from "./viewer-route";

const url = (path: string) => new URL(path, "https://paperstation.test");

describe("the viewer in the URL", () => {
  it("reads ?paper= and ?kind=, a question paper unless the kind says solution", () => {
    expect(viewerTargetOf(new URLSearchParams("paper=math-1-2023-march-english&kind=solution"))).toEqual({
      id: "math-1-2023-march-english",
      kind: "solution",
    });
    expect(viewerTargetOf(new URLSearchParams("paper=math-2-model-1"))).toEqual({
      id: "math-2-model-1",
      kind: "question",
    });
    expect(viewerTargetOf(new URLSearchParams("paper=x&kind=answers"))).toEqual({ id: "x", kind: "question" });
  });

  it("ignores a missing or malformed paper id", () => {
    for (const search of ["", "paper=", "paper=../etc", "paper=MATH", `paper=${"a".repeat(101)}`, "paper=a%20b"]) {
      expect(viewerTargetOf(new URLSearchParams(search)), search).toBeNull();
    }
  });

  it("sets and removes the viewer, keeping every other parameter", () => {
    const search = new URLSearchParams("medium=english&paper=old&kind=solution");
    expect(withViewer(search, { id: "new", kind: "question" }).toString()).toBe(
      "medium=english&paper=new&kind=question",
    );
    expect(withViewer(search, null).toString()).toBe("medium=english");
    expect(
      viewerHref("/maharashtra-board-math-1-question-papers", new URLSearchParams(), { id: "p", kind: "solution" }),
    ).toBe("/maharashtra-board-math-1-question-papers?paper=p&kind=solution");
  });

  it("tells a viewer change from any other navigation", () => {
    expect(onlyViewerChanged(url("/s?medium=english"), url("/s?medium=english&paper=p&kind=question"))).toBe(true);
    expect(onlyViewerChanged(url("/s?paper=p&kind=question"), url("/s?paper=p&kind=solution"))).toBe(true);
    expect(onlyViewerChanged(url("/s?medium=english"), url("/s?medium=marathi&paper=p"))).toBe(false);
    expect(onlyViewerChanged(url("/s"), url("/t?paper=p"))).toBe(false);
  });

  it("keeps the page's data for a viewer change, and reloads it otherwise", () => {
    const args = (current: string, next: string, formMethod?: "POST") => ({
      currentUrl: url(current),
      nextUrl: url(next),
      currentParams: {},
      nextParams: {},
      formMethod,
      defaultShouldRevalidate: true,
    });
    expect(keepDataWhenOnlyViewerChanges(args("/s", "/s?paper=p&kind=question"))).toBe(false);
    // A revalidation (same URL, after sign-in) and a form still reload.
    expect(keepDataWhenOnlyViewerChanges(args("/s?paper=p", "/s?paper=p"))).toBe(true);
    expect(keepDataWhenOnlyViewerChanges(args("/s", "/s?paper=p", "POST"))).toBe(true);
    expect(keepDataWhenOnlyViewerChanges(args("/s", "/s?medium=english"))).toBe(true);
  });
});
