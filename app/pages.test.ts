import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { namespaceInSet } from "../domain/i18n.ts";
import { PAGES, pageAt, pageNamespaces } from "./pages.ts";
import routes from "./routes.ts";

const ARTICLES = new Set(["importance-of-planning", "abhyasache-niyojan"]);
const isArticle = (slug: string) => ARTICLES.has(slug);
const policy = (pathname: string) => pageAt(pathname, isArticle)?.policy;
const onPage = (namespace: string, pathname: string) => namespaceInSet(namespace, policy(pathname)?.namespaces ?? []);

describe("every route declares its policies", () => {
  it("each route module in app/routes has an entry in app/pages.ts", () => {
    const dir = path.join(import.meta.dirname, "routes");
    const modules = readdirSync(dir, { recursive: true, encoding: "utf8" })
      .filter((name) => name.endsWith(".tsx"))
      .map((name) => `routes/${name.split(path.sep).join("/")}`);
    const declared = new Set(PAGES.map((page) => page.file));
    expect(modules.filter((file) => !declared.has(file))).toEqual([]);
  });

  it("the router's configuration uses only declared modules", () => {
    type Entry = { file: string; children?: Entry[] };
    const files = (entries: Entry[]): string[] => entries.flatMap((e) => [e.file, ...files(e.children ?? [])]);
    const declared = new Set(PAGES.map((page) => page.file));
    expect(files(routes as Entry[]).filter((file) => !declared.has(file))).toEqual([]);
  });
});

describe("caching and keeping are opt-in", () => {
  it("nothing that is not a declared page is cached or kept", () => {
    for (const pathname of ["/api/v1/papers", "/papers/x.pdf", "/healthz", "/language/en", "/i18n", "/a/b/c"]) {
      expect(policy(pathname)?.cache ?? false, pathname).toBe(false);
      expect(policy(pathname)?.keep ?? false, pathname).toBe(false);
    }
  });

  it("the console, sign-in, the report form and search are never kept; the console is never cached", () => {
    for (const pathname of ["/admin", "/ADMIN/audit", "/admin/papers/x", "/login", "/mr/login", "/report", "/search"]) {
      expect(policy(pathname)?.keep, pathname).toBe(false);
    }
    for (const pathname of ["/admin", "/admin/upload/", "/report", "/logout", "/mistakes", "/practice/abc/result"]) {
      expect(policy(pathname)?.cache, pathname).toBe(false);
    }
    // A student's own pages are kept for that student only (decision 034), never for a visitor or anyone else.
    for (const pathname of ["/progress", "/mr/progress", "/practice/abc/check"]) {
      expect(policy(pathname)?.cache, pathname).toBe("own");
    }
  });

  it("matches as the router does: /mr, letter case and a trailing slash", () => {
    expect(pageAt("/mr")?.file).toBe("routes/home.tsx");
    expect(pageAt("/MR/Blogs/")?.file).toBe("routes/blogs.tsx");
    expect(pageAt("/maharashtra-board-math-1-question-papers/math-1-model-1")?.file).toBe("routes/model-paper.tsx");
    expect(pageAt("/maharashtra-board-math-9-question-papers")?.file).toBe("routes/article.tsx");
    expect(pageAt("/maharashtra-board-math-9-question-papers", isArticle)?.file).toBe("routes/not-found.tsx");
    expect(pageAt("/mr/abhyasache-niyojan", isArticle)?.file).toBe("routes/article.tsx");
  });
});

describe("catalog namespaces per page", () => {
  it("sends each page only the messages it shows", () => {
    expect(onPage("practice", "/mr/practice/new")).toBe(true);
    expect(onPage("paper", "/progress")).toBe(true);
    expect(onPage("practice", "/")).toBe(false);
    expect(onPage("viewer", "/mr/maharashtra-board-math-1-question-papers")).toBe(true);
    expect(onPage("auth", "/maharashtra-board-math-1-question-papers/math-1-model-1")).toBe(true);
    expect(onPage("viewer", "/blogs")).toBe(false);
    expect(onPage("blog", "/importance-of-planning")).toBe(true);
    expect(onPage("home", "/mr")).toBe(true);
    expect(onPage("common", "/anything")).toBe(true);
    expect(onPage("api", "/about-us")).toBe(true);
    expect(pageNamespaces("/")).toBe("home");
    expect(pageNamespaces("/mr/maharashtra-board-math-1-question-papers/math-1-model-1-mr")).toBe(
      "subject,paper,auth,viewer",
    );
  });
});
