import { describe, expect, it } from "vitest";
import {
  isSavedListPage,
  NOT_PRECACHED,
  offlinePageFor,
  offlinePageKind,
  pageOfDataPath,
  sameKeptPage,
  withoutLocale,
} from "./rules.ts";

const ORIGIN = "https://paperstation.example";
// The build's articles, as scripts/build-sw.ts gives them to the worker.
const ARTICLES = new Set([
  "importance-of-planning",
  "abhyasache-niyojan",
  "administration-tips",
  "searching-for-papers",
  "loaders",
]);
const kind = (path: string, mode = "navigate") =>
  offlinePageKind(new URL(path, ORIGIN), mode, ORIGIN, (slug) => ARTICLES.has(slug));

describe("offlinePageKind", () => {
  it("keeps the pages a visitor reads, in both languages", () => {
    for (const path of [
      "/",
      "/mr",
      "/mr/",
      "/maharashtra-board-math-1-question-papers",
      "/maharashtra-board-math-1-question-papers?medium=english",
      "/mr/maharashtra-board-science-1-question-papers",
      "/maharashtra-board-math-2-question-papers/math-2-model-1?answers=all",
      "/about-us",
      "/terms-&-conditions",
      "/blogs",
      "/importance-of-planning",
      "/saved",
      "/mr/saved",
      "/progress",
      "/practice/abc123",
      "/practice/abc123/check",
      "/practice/new?paper=math-2-model-1",
    ]) {
      expect(kind(path), path).toBe("document");
    }
  });

  it("keeps the data of a client-side navigation to those pages", () => {
    expect(kind("/_.data", "cors")).toBe("data");
    expect(kind("/mr.data", "cors")).toBe("data");
    expect(kind("/blogs.data?_routes=routes%2Fblogs", "cors")).toBe("data");
    expect(kind("/maharashtra-board-math-1-question-papers.data", "same-origin")).toBe("data");
    expect(kind("/mr/practice/abc/result.data", "cors")).toBe("data");
  });

  it("never keeps the console, sign-in, forms, search, the API, papers or files", () => {
    for (const path of [
      "/admin",
      "/admin/papers/x",
      "/login",
      "/mr/login",
      "/logout",
      "/report",
      "/mr/report?paper=x",
      "/search?q=x",
      "/mr/search",
      "/loader",
      "/api/v1/me",
      "/papers/math-1-2023-march-english/question.pdf",
      "/assets/root-abc.js",
      "/pdfjs/cmaps/x.bcmap",
      "/i18n/en-common.json",
      "/images/home/hero.svg",
      "/sitemap.xml",
      "/robots.txt",
      "/favicon.svg",
      "/sw.js",
      "/offline.html",
      "/healthz",
    ]) {
      expect(kind(path), path).toBeNull();
    }
    expect(kind("/admin.data", "cors")).toBeNull();
    expect(kind("/login.data", "cors")).toBeNull();
    expect(kind("/mr/search.data", "cors")).toBeNull();
  });

  it("never keeps them whatever their case, as the router matches paths (issue 23)", () => {
    for (const path of ["/ADMIN/audit", "/Admin/reports", "/MR/admin", "/Mr/Login", "/mr/LOGOUT", "/Search?q=x"]) {
      expect(kind(path), path).toBeNull();
    }
    expect(kind("/ADMIN/audit.data", "cors")).toBeNull();
  });

  it("leaves other origins and non-navigation requests for pages alone", () => {
    expect(offlinePageKind(new URL("https://elsewhere.example/"), "navigate", ORIGIN)).toBeNull();
    // A fetch of a page's HTML by script (the saved-papers code keeps those itself).
    expect(kind("/blogs", "cors")).toBeNull();
    expect(kind("/blogs", "no-cors")).toBeNull();
  });

  it("does not mistake a page whose name merely starts like an excluded one", () => {
    expect(kind("/administration-tips")).toBe("document");
    expect(kind("/searching-for-papers")).toBe("document");
    expect(kind("/mr/loaders")).toBe("document");
  });

  it("keeps only what a page declares: unknown paths and server paths are never kept", () => {
    expect(kind("/not-an-article")).toBeNull();
    expect(kind("/maharashtra-board-math-1-question-papers/x/y")).toBeNull();
    expect(kind("/ADMIN/audit")).toBeNull();
    expect(kind("/Login")).toBeNull();
  });
});

describe("helpers", () => {
  it("maps data URLs to their pages", () => {
    expect(pageOfDataPath("/_.data")).toBe("/");
    expect(pageOfDataPath("/mr.data")).toBe("/mr");
    expect(pageOfDataPath("/mr/_.data")).toBe("/mr/");
    expect(pageOfDataPath("/blogs.data")).toBe("/blogs");
    expect(pageOfDataPath("/blogs")).toBeNull();
  });

  it("drops the Marathi prefix only as a whole segment", () => {
    expect(withoutLocale("/mr")).toBe("/");
    expect(withoutLocale("/mr/blogs")).toBe("/blogs");
    expect(withoutLocale("/mra")).toBe("/mra");
  });

  it("chooses the offline page by the page's language", () => {
    expect(offlinePageFor("/")).toBe("/offline.html");
    expect(offlinePageFor("/maharashtra-board-math-1-question-papers")).toBe("/offline.html");
    expect(offlinePageFor("/mr")).toBe("/mr/offline.html");
    expect(offlinePageFor("/mr/blogs")).toBe("/mr/offline.html");
    expect(offlinePageFor("/mr.data")).toBe("/mr/offline.html");
    expect(offlinePageFor("/mrx")).toBe("/offline.html");
  });

  it("recognises My saved papers in both languages", () => {
    expect(isSavedListPage("/saved")).toBe(true);
    expect(isSavedListPage("/mr/saved")).toBe(true);
    expect(isSavedListPage("/saved-tips")).toBe(false);
  });

  it("leaves pdf.js and its worker out of the precache, and nothing else of the app shell", () => {
    const out = (file: string) => NOT_PRECACHED.some((re) => re.test(file));
    expect(out("assets/paper-viewer-document-C7_oUxxf.js")).toBe(true);
    expect(out("assets/pdf.worker.min-CIqJB0yW.mjs")).toBe(true);
    expect(out("assets/root-BwwII6_F.js.map")).toBe(true);
    expect(out("assets/paper-viewer-layer-BpeDHDiK.js")).toBe(false);
    expect(out("assets/paper-viewer-body-DRsNprDH.js")).toBe(false);
    expect(out("assets/framework-C2a2zGov.js")).toBe(false);
  });

  it("lets a kept page stand in only for the same page: its query but for view-only parameters (issue 23)", () => {
    const url = (path: string) => new URL(path, ORIGIN);
    expect(sameKeptPage(url("/practice/new?paper=math-1-model-1-mr"), url("/practice/new?paper=math-1-model-2"))).toBe(
      false,
    );
    expect(sameKeptPage(url("/practice/new?paper=a"), url("/practice/new?paper=a"))).toBe(true);
    expect(sameKeptPage(url("/x?medium=marathi"), url("/x"))).toBe(true);
    expect(sameKeptPage(url("/x?b=2&a=1"), url("/x?a=1&b=2&medium=english"))).toBe(true);
    expect(sameKeptPage(url("/search?q=algebra"), url("/search?q=geometry"))).toBe(false);
    expect(sameKeptPage(url("/x"), url("/y"))).toBe(false);
  });
});
