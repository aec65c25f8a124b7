/**
 * Year rows that tell the truth (issue 25 §5) as a visitor meets them: a board exam year whose paper is not on the
 * site says so, offers a paper in the same pattern, and takes "Ask for this paper", on a 360 px phone in English
 * and Marathi, and without JavaScript. (The browser tests' server has the layout samples for 2018-2023; the later
 * exam years have no paper.)
 */
import { expectNoViolations } from "./support/axe.ts";
import { expect, test } from "./support/test.ts";

const FLOWS = [
  {
    locale: "en",
    subject: "/maharashtra-board-geography-question-papers?medium=english",
    notAdded: "Board paper not added yet.",
    ask: /^Ask for this paper\s*:\s*2025$/,
    thanks: /^Thank you\. We count every request/,
    practise: "Practise a paper in this pattern",
    made: /^Geography: Mixed Paper \d+$/,
  },
  {
    locale: "mr",
    subject: "/mr/maharashtra-board-geography-question-papers?medium=marathi",
    notAdded: "बोर्डाची प्रश्नपत्रिका अजून जोडलेली नाही.",
    ask: /^या प्रश्नपत्रिकेची मागणी करा\s*:\s*2025$/,
    thanks: /^धन्यवाद!/,
    practise: "याच आराखड्यानुसार प्रश्नपत्रिका सोडवा",
    made: /^भूगोल : मिश्र प्रश्नपत्रिका \d+$/,
  },
];

test.describe("on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const flow of FLOWS) {
    test(`a year without its board paper says so, takes an ask, and offers a paper in its pattern (${flow.locale})`, async ({
      page,
    }) => {
      await page.goto(flow.subject);
      const year = page.locator("li").filter({ has: page.locator("#year-2025") });
      await expect(year.getByText(flow.notAdded)).toBeVisible();
      await year.getByRole("button", { name: flow.ask }).click();
      await expect(page).toHaveURL(/asked=2025#year-2025$/);
      await expect(year.getByRole("status")).toHaveText(flow.thanks);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      // From the top, with the page's fonts in place: the sticky header over a link, or the Devanagari font still on
      // its way, changes the targets' sizes as axe measures them.
      await page.evaluate(() => document.fonts.ready);
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectNoViolations(page, `year rows (${flow.locale}, 360 px)`);

      await year.getByRole("link", { name: flow.practise }).click();
      await expect(page.getByRole("heading", { level: 1, name: flow.made })).toBeVisible();
    });
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("'Ask for this paper' is a plain form", async ({ page }) => {
    await page.goto("/maharashtra-board-history-and-political-science-question-papers?medium=english");
    const year = page.locator("li").filter({ has: page.locator("#year-2026") });
    await year.getByRole("button", { name: /^Ask for this paper\s*:\s*2026$/ }).click();
    await expect(year.getByRole("status")).toHaveText(/^Thank you\./);
  });
});
