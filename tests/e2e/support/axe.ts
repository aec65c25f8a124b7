import AxeBuilder from "@axe-core/playwright";
import { type Page, test } from "@playwright/test";
import { expect } from "./test.ts";

const TAGS = ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"];

/** axe finds no WCAG 2.2 AA violation on the page as it is now; a failure lists each rule and its elements. */
export async function expectNoViolations(page: Page, where: string) {
  // One axe run is seconds of CPU in the page, and with two workers on two cores it can take 15 s or more (seen
  // with Chromium 156): each run adds its own time to the test's, rather than racing the page's own steps for it.
  test.info().setTimeout(test.info().timeout + 30_000);
  // From the top of the page: scrolled, the sticky header covers part of the links under it, and axe counts that
  // against their target size (CI saw it on the report, practice-result and chapter pages). The scroll is put back.
  const scrolled = await page.evaluate(() => {
    const at = { x: window.scrollX, y: window.scrollY };
    window.scrollTo(0, 0);
    return at;
  });
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  await page.evaluate(({ x, y }) => window.scrollTo(x, y), scrolled);
  const found = result.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(" ")).join("\n    ")}`,
  );
  expect(found, `axe violations on ${where}`).toEqual([]);
}
