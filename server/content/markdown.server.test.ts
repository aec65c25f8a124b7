import { describe, expect, it } from "vitest";
import { z } from "zod";
import { countWords, parseFrontMatter, renderMarkdown, safeHref, splitSections } from "./markdown.server.ts";

describe("renderMarkdown", () => {
  it("renders ordinary Markdown", () => {
    const html = renderMarkdown("Some **bold** text.\n\n- one\n- two\n");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<li>one</li>");
  });

  it("never lets a <script> element through, block or inline", () => {
    for (const source of [
      "<script>alert(1)</script>",
      "Text <script>alert(1)</script> more",
      "<div>\n<script src=/x.js></script>\n</div>",
      "<SCRIPT>alert(1)</SCRIPT>",
    ]) {
      const html = renderMarkdown(source);
      expect(html).not.toMatch(/<script/i);
      expect(html).toContain("&lt;");
    }
  });

  it("never lets an event handler attribute become markup", () => {
    for (const source of [
      '<img src=x onerror="alert(1)">',
      "Hello <img src=x onerror=alert(1)> there",
      '<a href="#" onclick="alert(1)">x</a>',
      '<svg onload="alert(1)"></svg>',
    ]) {
      const html = renderMarkdown(source);
      expect(html).not.toMatch(/<(img|a|svg)\b[^>]*\son\w+=/i);
      expect(html).not.toMatch(/<img|<svg|<a /i);
    }
  });

  it("drops the link from javascript:, data: and vbscript: URLs but keeps the text", () => {
    for (const href of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      "java&#x09;script:alert(1)",
      "&#106;avascript:alert(1)",
      "data:text/html;base64,PHNjcmlwdD4=",
      "vbscript:msgbox(1)",
    ]) {
      const html = renderMarkdown(`[click me](${href})`);
      expect(html).toContain("click me");
      expect(html).not.toMatch(/href=/i);
      expect(html.toLowerCase()).not.toContain("javascript:");
    }
    expect(renderMarkdown("<javascript:alert(1)>")).not.toMatch(/href=/i);
  });

  it("keeps safe links; outside links get rel=noopener noreferrer", () => {
    const html = renderMarkdown("[home](/) and [board](https://mahahsscboard.in) and [mail](mailto:a@b.in)");
    expect(html).toContain('<a href="/">home</a>');
    expect(html).toContain('<a href="https://mahahsscboard.in" rel="noopener noreferrer">board</a>');
    expect(html).toContain('<a href="mailto:a@b.in">mail</a>');
    expect(renderMarkdown("see https://example.com now")).toContain('rel="noopener noreferrer"');
  });

  it("escapes quotes in link targets and titles", () => {
    const html = renderMarkdown('[x](/a"onmouseover="alert(1) "t\\"itle")');
    expect(html).not.toMatch(/"\s*onmouseover=/);
  });

  it("shows only local images; others become their alt text (no third-party requests)", () => {
    expect(renderMarkdown("![chart](/images/chart.svg)")).toContain('<img src="/images/chart.svg" alt="chart"');
    const outside = renderMarkdown("![tracker](https://evil.example/pixel.gif)");
    expect(outside).not.toContain("<img");
    expect(outside).toContain("tracker");
    expect(renderMarkdown("![x](//evil.example/p.gif)")).not.toContain("<img");
  });

  it("turns # headings into h2 so that the page keeps one h1", () => {
    expect(renderMarkdown("# Title\n\n## Part")).toBe("<h2>Title</h2>\n<h2>Part</h2>\n");
  });
});

describe("safeHref", () => {
  it("allows relative, http(s), mailto and tel", () => {
    for (const href of ["/blogs", "#top", "page", "https://a.in", "http://a.in", "mailto:x@y.in", "tel:+911234"]) {
      expect(safeHref(href)).toBe(href);
    }
  });
  it("refuses other schemes", () => {
    for (const href of ["javascript:x", " javascript:x", "jav\nascript:x", "file:///etc/passwd", "data:x", ""]) {
      expect(safeHref(href)).toBeNull();
    }
  });
});

describe("parseFrontMatter", () => {
  const schema = z.object({ title: z.string(), date: z.string() });

  it("parses YAML front matter and returns the body", () => {
    const { data, body } = parseFrontMatter('---\ntitle: "Hello"\ndate: "2024-01-01"\n---\n\nText\n', schema, "x.md");
    expect(data).toEqual({ title: "Hello", date: "2024-01-01" });
    expect(body.trim()).toBe("Text");
  });

  it("names the file and the field when a field is missing", () => {
    expect(() => parseFrontMatter('---\ntitle: "Hello"\n---\nText', schema, "content/articles/broken.md")).toThrow(
      /content\/articles\/broken\.md: invalid front matter: date/,
    );
  });

  it("names the file when there is no front matter or the YAML is broken", () => {
    expect(() => parseFrontMatter("Just text", schema, "a.md")).toThrow(/^a\.md: missing front matter/);
    expect(() => parseFrontMatter("---\ntitle: [oops\n---\nx", schema, "b.md")).toThrow(
      /^b\.md: front matter is not valid YAML/,
    );
  });
});

describe("splitSections and countWords", () => {
  it("splits at ## headings and keeps ### inside a section", () => {
    const sections = splitSections("Intro\n\n## One\nA\n### Sub\nB\n## Two\nC");
    expect(sections).toEqual([
      { heading: "", markdown: "Intro" },
      { heading: "One", markdown: "A\n### Sub\nB" },
      { heading: "Two", markdown: "C" },
    ]);
  });

  it("counts words, not markup or link targets", () => {
    expect(countWords("## Two words\n\n- [a link](https://example.com/long/path) **here**")).toBe(5);
  });
});
