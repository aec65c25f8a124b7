/**
 * Papers made to order (issue 25 §3) as a student uses them: from the subject page to a new paper in the board's
 * pattern, on a 360 px phone, in English and Marathi, and without JavaScript; then timed practice on it.
 */
import { signUpViaApi } from "./support/accounts.ts";
import { expectNoViolations } from "./support/axe.ts";
import { hydrated } from "./support/hydration.ts";
import { expect, test } from "./support/test.ts";

const FLOWS = [
  {
    locale: "en",
    subject: "/maharashtra-board-math-2-question-papers?medium=english",
    link: "Practise a new paper in the board's pattern",
    title: /^Geometry: Mixed Paper \d+$/,
    another: "Make another new paper",
    practise: "Practise",
  },
  {
    locale: "mr",
    subject: "/mr/maharashtra-board-math-2-question-papers?medium=marathi",
    link: "बोर्डाच्या आराखड्यानुसार नवी प्रश्नपत्रिका सोडवा",
    title: /^गणित भाग 2 \(भूमिती\) : मिश्र प्रश्नपत्रिका \d+$/,
    another: "आणखी एक नवी प्रश्नपत्रिका तयार करा",
    practise: "सराव करा",
  },
];

test.describe("on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const flow of FLOWS) {
    test(`a student opens a new paper in the board's pattern, and another (${flow.locale})`, async ({
      page,
      baseURL,
    }, testInfo) => {
      await signUpViaApi(page, baseURL, testInfo);
      await page.goto(flow.subject);
      await page.getByRole("link", { name: flow.link }).click();
      const title = page.getByRole("heading", { level: 1, name: flow.title });
      await expect(title).toBeVisible();
      const first = page.url();
      expect(first).toMatch(/math-2-made-\d+-\d+(-mr)?$/);
      // The whole paper, signed in: its five questions.
      await expect(page.locator("h2[id^='q']")).toHaveCount(5);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectNoViolations(page, `made paper (${flow.locale}, 360 px)`);
      // The same link opens the same paper.
      const heading = await title.textContent();
      await page.reload();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading ?? "");

      await page.getByRole("link", { name: flow.another }).click();
      await expect.poll(() => page.url()).not.toBe(first);
      await expect(page.getByRole("heading", { level: 1, name: flow.title })).toBeVisible();
    });
  }

  test("a made paper can be practised, timed, like a written one", async ({ page, baseURL }, testInfo) => {
    await signUpViaApi(page, baseURL, testInfo);
    await page.goto("/maharashtra-board-math-1-question-papers/math-1-made-31337-0");
    await page.getByRole("link", { name: "Practise against the clock" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Algebra: Mixed Paper 31337");
    await (await hydrated(page.getByRole("button", { name: /^Start/ }))).click();
    await expect(page).toHaveURL(/\/practice\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId("countdown")).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the link makes a new paper and the page shows it", async ({ page, baseURL }, testInfo) => {
    await signUpViaApi(page, baseURL, testInfo);
    await page.goto("/maharashtra-board-science-1-question-papers?medium=english");
    await page.getByRole("link", { name: "Practise a new paper in the board's pattern" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: /^Science and Technology Part 1: Mixed Paper \d+$/ }),
    ).toBeVisible();
    // Science and Technology's pattern has four questions.
    await expect(page.locator("h2[id^='q']")).toHaveCount(4);
  });
});
