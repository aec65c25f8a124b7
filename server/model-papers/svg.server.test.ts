import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PAPERS_DIR } from "./load.server.ts";
import { SvgError, sanitizeSvg } from "./svg.server.ts";

const EVIL = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<!-- a comment -->
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="100"
     viewBox="0 0 200 100" onload="alert(1)" style="background:url(https://evil.example/x.png)" class="x">
  <script>alert(1)</script>
  <script type="text/javascript"><![CDATA[ if (a < b) alert(2) ]]></script>
  <SCRIPT>alert(3)</SCRIPT>
  <style>body { display: none }</style>
  <defs><marker id="arr" viewBox="0 0 10 10"><path d="M0 0 L10 5 L0 10 Z"/></marker></defs>
  <g marker-end="url(#arr)" fill="url(https://evil.example/p.svg#g)" stroke="#000">
    <line x1="0" y1="0" x2="10" y2="10" onclick="alert(4)" ONMOUSEOVER="alert(5)"/>
  </g>
  <a href="javascript:alert(6)"><text x="1" y="1">click</text></a>
  <use xlink:href="#arr"/><use href="https://evil.example/sprite.svg#a"/>
  <image href="data:image/png;base64,AAAA" width="10" height="10"/>
  <foreignObject><div xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(7)"/></div></foreignObject>
  <animate attributeName="href" to="javascript:alert(8)"/>
  <text x="5" y="50" font-size="14">A &amp; B &lt;i&gt; <![CDATA[<b>c</b>]]> &#x905; सूर्यः</text>
  <p>breaks out of the svg in HTML</p>
</svg>
<script>alert(9)</script>`;

describe("sanitizeSvg", () => {
  const out = sanitizeSvg(EVIL, { alt: 'Two "quoted" <words>', idPrefix: "q1a1-figure" });

  it("drops scripts, styles, foreign content, images, links and animations with all they hold", () => {
    expect(out).not.toMatch(/<script|<style|<foreignObject|<image|<a[\s>]|<animate|<div|<img|<p>/i);
    expect(out).not.toMatch(/alert|display: none|click/);
  });

  it("drops every on* attribute, style, class and outside reference", () => {
    expect(out).not.toMatch(/\son\w+=/i);
    expect(out).not.toMatch(/evil\.example|javascript:|data:|class=/i);
    expect(out).toContain('<g marker-end="url(#q1a1-figure-arr)" stroke="#000">');
    expect(out).toContain('<use href="#q1a1-figure-arr"/><use/>');
  });

  it("drops the XML prolog, doctype and comments, and writes text escaped", () => {
    expect(out).toMatch(/^<svg /);
    expect(out).not.toMatch(/<\?xml|<!DOCTYPE|<!--/i);
    expect(out).toContain('<text x="5" y="50" font-size="14">A &amp; B &lt;i&gt; &lt;b&gt;c&lt;/b&gt; अ सूर्यः</text>');
    expect(out).toMatch(/<\/svg>$/);
  });

  it("labels the root as an image with the alt text, keeps its viewBox and lets it shrink", () => {
    const root = /^<svg [^>]*>/.exec(out)?.[0] ?? "";
    expect(root).toBe(
      '<svg width="200" height="100" viewBox="0 0 200 100" role="img" ' +
        'aria-label="Two &quot;quoted&quot; &lt;words&gt;" style="max-width:100%;height:auto">',
    );
  });

  it("prefixes ids so two figures on a page keep their own markers", () => {
    expect(out).toContain('<marker id="q1a1-figure-arr" viewBox="0 0 10 10">');
    const plain = sanitizeSvg('<svg viewBox="0 0 1 1"><g id="a"/></svg>', { alt: "x" });
    expect(plain).toContain('<g id="a"/>');
  });

  it("refuses markup without an <svg> root", () => {
    expect(() => sanitizeSvg("<html><script>x</script></html>", { alt: "x" })).toThrow(SvgError);
    expect(() => sanitizeSvg("just text", { alt: "x" })).toThrow(SvgError);
  });

  it("closes what malformed markup leaves open", () => {
    expect(sanitizeSvg('<svg viewBox="0 0 1 1"><g><text>a', { alt: "x" })).toMatch(/<g><text>a<\/text><\/g><\/svg>$/);
    expect(sanitizeSvg('<svg viewBox="0 0 1 1"/>', { alt: "x" })).toMatch(/^<svg viewBox="0 0 1 1" [^>]*><\/svg>$/);
  });

  it("keeps the papers' own figures whole: every element and attribute they use survives", () => {
    for (const subject of readdirSync(PAPERS_DIR)) {
      const dir = path.join(PAPERS_DIR, subject, "figures");
      let files: string[] = [];
      try {
        files = readdirSync(dir).filter((f) => f.endsWith(".svg"));
      } catch {
        continue;
      }
      for (const file of files) {
        const source = readFileSync(path.join(dir, file), "utf8");
        const clean = sanitizeSvg(source, { alt: file });
        const elements = (markup: string) => (markup.match(/<[a-zA-Z]+/g) ?? []).length;
        const attributes = (markup: string) => (markup.match(/\s[\w:-]+="/g) ?? []).length;
        // Same elements; attributes: xmlns dropped, role, aria-label and style added.
        expect(elements(clean), file).toBe(elements(source));
        const xmlns = (source.match(/\sxmlns(:\w+)?="/g) ?? []).length;
        expect(attributes(clean), file).toBe(attributes(source) - xmlns + 3);
      }
    }
  });
});
