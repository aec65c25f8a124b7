import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type Article, BLOG_PAGE_SIZE, blogPage, getArticle, getArticles, readArticles } from "./articles.server.ts";
import { countWords } from "./markdown.server.ts";
import { CONTENT_DIR } from "./paths.server.ts";

const SPEC_SLUGS = [
  "10th-examination",
  "importance-of-10th",
  "importance-of-planning",
  "how-easy-is-it-to-crack-class-10-examination",
];

describe("the ten articles in content/articles", () => {
  const articles = getArticles();

  it("all parse, one per file, with the spec's four slugs among them", () => {
    const files = readdirSync(path.join(CONTENT_DIR, "articles")).filter((f) => f.endsWith(".md"));
    expect(articles).toHaveLength(10);
    expect(files).toHaveLength(10);
    for (const slug of SPEC_SLUGS) expect(getArticle(slug)?.path).toBe(`/${slug}`);
  });

  it.each(getArticles().map((a) => [a.slug, a] as const))("%s has 500 to 900 words", (_slug, article) => {
    const words = countWords(article.markdown);
    expect(words).toBeGreaterThanOrEqual(500);
    expect(words).toBeLessThanOrEqual(900);
  });

  it("have unique titles and descriptions, sized images and safe HTML", () => {
    expect(new Set(articles.map((a) => a.title)).size).toBe(articles.length);
    expect(new Set(articles.map((a) => a.description)).size).toBe(articles.length);
    for (const article of articles) {
      expect(article.imageWidth).toBeGreaterThan(0);
      expect(article.imageHeight).toBeGreaterThan(0);
      expect(article.html).not.toMatch(/<script|<h1|\son\w+=/i);
      expect(article.html.length).toBeGreaterThan(1000);
    }
  });

  it("are sorted newest first", () => {
    const dates = articles.map((a) => a.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });
});

describe("blogPage", () => {
  const articles = getArticles();

  it("gives six cards on page 1 and four on page 2", () => {
    expect(blogPage(null, articles)).toMatchObject({ page: 1, pageCount: 2 });
    expect(blogPage(null, articles).articles).toHaveLength(BLOG_PAGE_SIZE);
    expect(blogPage("2", articles).articles.map((a) => a.slug)).toEqual(articles.slice(6).map((a) => a.slug));
  });

  it("falls back to page 1 for garbage or out-of-range pages", () => {
    for (const value of ["0", "3", "-1", "abc", "1.5", "", "2abc", "99999999999", " 2"]) {
      expect(blogPage(value, articles).page, value).toBe(1);
    }
  });
});

describe("readArticles validation", () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  function articleDir(files: Record<string, string>): string {
    dir = mkdtempSync(path.join(tmpdir(), "ps-articles-"));
    mkdirSync(path.join(dir, "articles"));
    mkdirSync(path.join(dir, "public/images/articles"), { recursive: true });
    copyFileSync(
      path.join(CONTENT_DIR, "../public/images/og-default.svg"),
      path.join(dir, "public/images/articles/x.svg"),
    );
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, "articles", name), text);
    return dir;
  }

  const good = (overrides: Record<string, string | undefined> = {}) => {
    const fields: Record<string, string | undefined> = {
      slug: "good-one",
      title: "A good article title",
      description: "A description that is long enough to be a real description of the article.",
      teaser: "A teaser that tells you why to read it.",
      date: "2024-05-01",
      image: "/images/articles/x.svg",
      imageAlt: "A drawing of something",
      ...overrides,
    };
    const yaml = Object.entries(fields)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
      .join("\n");
    return `---\n${yaml}\n---\n\nSome text.\n`;
  };

  const read = (root: string): Article[] => readArticles(path.join(root, "articles"), path.join(root, "public"));

  it("reads a valid file, with the SVG's size", () => {
    const [article] = read(articleDir({ "good-one.md": good() }));
    expect(article).toMatchObject({ slug: "good-one", date: "2024-05-01", imageWidth: 1200, imageHeight: 630 });
  });

  it.each(["slug", "title", "description", "teaser", "date", "image", "imageAlt"])(
    "a missing %s fails naming the file and the field",
    (field) => {
      const root = articleDir({ "good-one.md": good({ [field]: undefined }) });
      expect(() => read(root)).toThrow(new RegExp(`good-one\\.md: invalid front matter: ${field}`));
    },
  );

  it("rejects an impossible date, an outside image, a missing image file and a slug unlike the file name", () => {
    expect(() => read(articleDir({ "good-one.md": good({ date: "2024-02-30" }) }))).toThrow(/good-one\.md.*date/);
    rmSync(dir ?? "", { recursive: true });
    expect(() => read(articleDir({ "good-one.md": good({ image: "https://cdn.example/x.png" }) }))).toThrow(
      /good-one\.md.*image/,
    );
    rmSync(dir ?? "", { recursive: true });
    expect(() => read(articleDir({ "good-one.md": good({ image: "/images/articles/none.svg" }) }))).toThrow(
      /good-one\.md.*does not exist/,
    );
    rmSync(dir ?? "", { recursive: true });
    expect(() => read(articleDir({ "other-name.md": good() }))).toThrow(/other-name\.md.*must match the file name/);
  });

  it("names the file when the front matter is missing", () => {
    expect(() => read(articleDir({ "plain.md": "# Just text\n" }))).toThrow(/plain\.md: missing front matter/);
  });
});
