import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./test.ts";

const TAGS = ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"];

/** axe finds no WCAG 2.2 AA violation on the page as it is now; a failure lists each rule and its elements. */
export async function expectNoViolations(page: Page, where: string) {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const found = result.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(" ")).join("\n    ")}`,
  );
  expect(found, `axe violations on ${where}`).toEqual([]);
}
