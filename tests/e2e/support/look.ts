import type { Page, TestInfo } from "@playwright/test";
import { expectNoViolations } from "./axe.ts";
import { expect } from "./test.ts";

/**
 * A page as a reviewer looks at it: axe and the width check (they run scripts in the page, so with JavaScript off
 * only the screenshot), from the top with the fonts in place, and a full-page screenshot in the test's output.
 */
export async function look(page: Page, testInfo: TestInfo, name: string, width: number, scripts = true) {
  if (scripts) {
    await page.evaluate(() => document.fonts.ready);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoViolations(page, name);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `${name} fits`).toBeLessThanOrEqual(width);
  }
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}
