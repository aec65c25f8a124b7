import AxeBuilder from "@axe-core/playwright";
import { type Page, test } from "@playwright/test";
import { expect } from "./test.ts";

const TAGS = ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"];

/** axe finds no WCAG 2.2 AA violation on the page as it is now; a failure lists each rule and its elements. */
export async function expectNoViolations(page: Page, where: string) {
  // One axe run is seconds of CPU in the page, and with two workers on two cores it can take 15 s or more (seen
  // with Chromium 156): each run adds its own time to the test's, rather than racing the page's own steps for it.
  test.info().setTimeout(test.info().timeout + 30_000);
  // From the top of the page, with the sticky header in the flow: axe scrolls a target into view to measure it, and
  // a sticky header then covers part of it, which axe counts against its target size (seen on the report,
  // practice-result and chapter pages, wherever the layout put a link just under the header). A student scrolls
  // past it; the header's own targets are still checked. The scroll and the header are put back.
  const scrolled = await page.evaluate(() => {
    const at = { x: window.scrollX, y: window.scrollY };
    for (const element of document.querySelectorAll<HTMLElement>("body *")) {
      if (getComputedStyle(element).position === "sticky") element.dataset.axeSticky = "1";
    }
    for (const element of document.querySelectorAll<HTMLElement>("[data-axe-sticky]"))
      element.style.position = "static";
    window.scrollTo(0, 0);
    return at;
  });
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  await page.evaluate(({ x, y }) => {
    for (const element of document.querySelectorAll<HTMLElement>("[data-axe-sticky]")) {
      element.style.position = "";
      delete element.dataset.axeSticky;
    }
    window.scrollTo(x, y);
  }, scrolled);
  const found = result.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(" ")).join("\n    ")}`,
  );
  expect(found, `axe violations on ${where}`).toEqual([]);
}
