import { describe, expect, it } from "vitest";
import { getArticles } from "./articles.server.ts";
import { robotsTxt, sitemapEntries, sitemapXml } from "./sitemap.server.ts";

describe("sitemap", () => {
  const xml = sitemapXml("https://paperstation.in", sitemapEntries(getArticles()));

  it("lists home, 12 subjects, blogs, 10 articles and 4 info pages", () => {
    expect(xml.match(/<url>/g)).toHaveLength(1 + 12 + 1 + 10 + 4);
    expect(xml).toContain("<loc>https://paperstation.in/</loc>");
    expect(xml).toContain("<loc>https://paperstation.in/maharashtra-board-math-1-question-papers</loc>");
    expect(xml).toContain("<loc>https://paperstation.in/terms-&amp;-conditions</loc>");
    expect(xml.match(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/g)).toHaveLength(10);
  });

  it("leaves out /login and /loader", () => {
    expect(xml).not.toMatch(/\/login<|\/loader</);
  });

  it("robots.txt links the sitemap", () => {
    expect(robotsTxt("https://paperstation.in")).toContain("Sitemap: https://paperstation.in/sitemap.xml");
  });
});
