import { describe, expect, it } from "vitest";
import { routePattern } from "./vitals.client.ts";

const root = { id: "root", pathname: "/", params: {} };

describe("routePattern", () => {
  it("is the leaf route's path for static routes", () => {
    expect(routePattern([root, { id: "routes/home", pathname: "/", params: {} }])).toBe("/");
    expect(routePattern([root, { id: "routes/blogs", pathname: "/blogs", params: {} }])).toBe("/blogs");
    expect(
      routePattern([root, { id: "subject-math-1", pathname: "/maharashtra-board-math-1-question-papers", params: {} }]),
    ).toBe("/maharashtra-board-math-1-question-papers");
    expect(routePattern([root, { id: "article-x", pathname: "/importance-of-10th/", params: {} }])).toBe(
      "/importance-of-10th",
    );
  });

  it("is * for the catch-all (not found) route, whatever the URL", () => {
    expect(routePattern([root, { id: "routes/not-found", pathname: "/test", params: { "*": "test" } }])).toBe("*");
    expect(routePattern([])).toBe("*");
  });

  it("names dynamic segments instead of their values", () => {
    expect(routePattern([{ id: "x", pathname: "/papers/abc123", params: { id: "abc123" } }])).toBe("/papers/:id");
  });
});
