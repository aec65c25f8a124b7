import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import {
  countWords,
  MathError,
  parseFrontMatter,
  renderMarkdown,
  renderTex,
  safeHref,
  splitSections,
} from "./markdown.server.ts";

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

describe("renderMarkdown with maths", () => {
  const math = (source: string, options: Parameters<typeof renderMarkdown>[1] = {}) =>
    renderMarkdown(source, { math: true, mathErrors: "throw", ...options });

  it("renders inline $…$ TeX to a MathML <math> element on the server", () => {
    const html = math("Solve $x^2 - 3x + 2 = 0$ and find $\\frac{1}{x}$.");
    expect(html).toMatch(/^<p>Solve <math><mrow><msup><mi>x<\/mi><mn[^>]*>2<\/mn><\/msup>/);
    expect(html).toContain("<mfrac><mn>1</mn><mi>x</mi></mfrac>");
    expect(html).not.toContain("$");
    expect(html).not.toMatch(/<script|<link|katex|temml\.js|\.woff/i);
  });

  it("renders $$…$$ as display maths, in its own scrolling box", () => {
    const block = math("Text\n\n$$D = \\begin{vmatrix} 3 & -4 \\\\ 4 & 3 \\end{vmatrix} = 25$$\n\nmore");
    expect(block).toContain('<div class="math-display"><math display="block"');
    expect(block).toContain("<mtable>");
    expect(block).toContain("<p>more</p>");
    const inParagraph = math("So $$x = 2$$ here.");
    expect(inParagraph).toMatch(
      /^<p>So <span class="math-display"><math display="block"[^>]*>.*<\/math><\/span> here\.<\/p>/,
    );
  });

  it("keeps TeX away from Markdown: * _ \\\\ and | inside maths are TeX, also in lists and tables", () => {
    expect(math("*a $x*y$ b*")).toMatch(/^<p><em>a <math>.*<mo>∗<\/mo>.*<\/math> b<\/em><\/p>/);
    expect(math("$a_1 + a_2$ and $b_1$")).not.toContain("<em>");
    const list = math(
      "1. Roasting:\n\n   $$\\mathrm{2ZnS + 3O_2 \\xrightarrow{\\text{heat}} 2ZnO + 2SO_2}$$\n\n2. Next",
    );
    expect(list).toMatch(/<li><p>Roasting:<\/p>\n<div class="math-display"><math display="block"/);
    const table = math("| $x$ | $y$ |\n|---|---|\n| $-1$ | $\\sum f_i$ |");
    expect(table.match(/<math>/g)).toHaveLength(4);
  });

  it("leaves dollar signs alone unless maths is asked for, and treats prices and \\$ as text when it is", () => {
    expect(renderMarkdown("It costs $5, or $x$ in algebra.")).toBe("<p>It costs $5, or $x$ in algebra.</p>\n");
    expect(math("Between $5 and $10 today.")).toBe("<p>Between $5 and $10 today.</p>\n");
    expect(math("A \\$ sign and $x$")).toMatch(/^<p>A \$ sign and <math><mi>x<\/mi><\/math><\/p>/);
    expect(math("$\\angle F = $ ?")).toMatch(/^<p><math>.*<\/math> \?<\/p>/);
  });

  it("renders one-line fields inline, with no paragraph", () => {
    expect(math("(B) $x^2$ **only**", { inline: true })).toMatch(/^\(B\) <math>.*<\/math> <strong>only<\/strong>$/);
  });

  it("escapes raw HTML next to maths, and TeX cannot make markup or links", () => {
    const html = math('Text <script>alert(1)</script> $\\text{<img src=x onerror=alert(1)>}$ <b onclick="x()">b</b>');
    expect(html).not.toMatch(/<script|<img|<b /i);
    expect(html).toContain("&lt;script&gt;");
    expect(html).toMatch(/<mtext>&lt;img\s+src=x\s+onerror=alert\(1\)&gt;<\/mtext>/); // temml's spaces are U+00A0
    for (const tex of [
      "\\href{javascript:alert(1)}{x}",
      "\\style{color:red}{x}",
      "\\class{x}{y}",
      "\\includegraphics{a.png}",
    ]) {
      expect(() => renderTex(tex, false), tex).toThrow(MathError);
    }
  });

  it("prints bad TeX as escaped source and reports it, so a page never breaks", () => {
    const errors: MathError[] = [];
    const html = renderMarkdown("Bad $\\frac{1}{<b>$ here", { math: true, onMathError: (e) => errors.push(e) });
    expect(html).toBe('<p>Bad <code class="math-error">$\\frac{1}{&lt;b&gt;$</code> here</p>\n');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.tex).toBe("\\frac{1}{<b>");

    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      expect(renderMarkdown("$\\unknowncommand$", { math: true })).toContain('<code class="math-error">');
      expect(warn).toHaveBeenCalledWith(expect.stringContaining("\\unknowncommand"));
    } finally {
      warn.mockRestore();
    }
  });

  it("throws a MathError naming the TeX in strict mode", () => {
    expect(() => math("Fine $x$, bad $\\sqrt{$.")).toThrow(MathError);
    expect(() => math("bad $\\sqrt{$")).toThrow(/^cannot render TeX \$\\sqrt\{\$: /);
    expect(() => math("bad $\\sqrt{$")).not.toThrow(/markedjs/);
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
