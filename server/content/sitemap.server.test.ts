import { describe, expect, it } from "vitest";
import { getArticles } from "./articles.server.ts";
import { robotsTxt, sitemapEntries, sitemapXml } from "./sitemap.server.ts";

describe("sitemap", () => {
  const xml = sitemapXml("https://paperstation.in", sitemapEntries({ en: getArticles("en"), mr: getArticles("mr") }));

  it("lists home, 12 subjects, blogs, 10 articles and 4 info pages, in English and in Marathi", () => {
    expect(xml.match(/<url>/g)).toHaveLength(2 * (1 + 12 + 1 + 10 + 4));
    expect(xml).toContain("<loc>https://paperstation.in/</loc>");
    expect(xml).toContain("<loc>https://paperstation.in/mr</loc>");
    expect(xml).toContain("<loc>https://paperstation.in/maharashtra-board-math-1-question-papers</loc>");
    expect(xml).toContain("<loc>https://paperstation.in/mr/maharashtra-board-math-1-question-papers</loc>");
    expect(xml).toContain("<loc>https://paperstation.in/terms-&amp;-conditions</loc>");
    expect(xml).toContain("<loc>https://paperstation.in/mr/abhyasache-niyojan</loc>");
    expect(xml.match(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/g)).toHaveLength(20);
  });

  it("names each page's other-language page and x-default", () => {
    const entry = xml
      .split("<url>")
      .find((u) => u.includes("<loc>https://paperstation.in/mr/abhyasache-niyojan</loc>"));
    expect(entry).toContain('hreflang="en" href="https://paperstation.in/importance-of-planning"');
    expect(entry).toContain('hreflang="mr" href="https://paperstation.in/mr/abhyasache-niyojan"');
    expect(entry).toContain('hreflang="x-default" href="https://paperstation.in/importance-of-planning"');
    const home = xml.split("<url>").find((u) => u.includes("<loc>https://paperstation.in/</loc>"));
    expect(home).toContain('hreflang="mr" href="https://paperstation.in/mr"');
  });

  it("leaves out /login and /loader", () => {
    expect(xml).not.toMatch(/\/login<|\/loader</);
  });

  it("robots.txt links the sitemap", () => {
    expect(robotsTxt("https://paperstation.in")).toContain("Sitemap: https://paperstation.in/sitemap.xml");
  });
});
