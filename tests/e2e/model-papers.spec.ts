import { fillSignUp, uniqueAccount } from "./support/accounts.ts";
import { expectNoViolations } from "./support/axe.ts";
import { hydrated } from "./support/hydration.ts";
import { expect, test } from "./support/test.ts";

const SUBJECT = "/maharashtra-board-math-1-question-papers";
const PAPER = `${SUBJECT}/math-1-model-1`;

test.use({ viewport: { width: 360, height: 740 } });

async function noSidewaysScroll(page: import("@playwright/test").Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

test("a visitor sees the paper's details and Q.1, signs in from the page, and gets the whole paper", async ({
  page,
}, testInfo) => {
  await page.goto(`${SUBJECT}?medium=english`);
  const block = page.getByRole("region", { name: "Model papers with full solutions" });
  await expect(block.getByRole("heading", { name: "Algebra: Model Paper 1" })).toBeVisible();
  await (await hydrated(block.getByRole("link", { name: /^Open paper.*Algebra: Model Paper 1$/ }))).click();
  await expect(page).toHaveURL(PAPER);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Algebra: Model Paper 1");
  await expect(page.getByRole("heading", { name: /^Q\.1/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Q\.2/ })).toHaveCount(0);
  await expect(page.getByText("Show answer")).toHaveCount(0);
  await expectNoViolations(page, "visitor preview");
  await noSidewaysScroll(page);

  await page.getByRole("link", { name: "Sign in to see the whole paper" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await fillSignUp(page, uniqueAccount(testInfo));
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { name: /^Q\.5/ })).toBeVisible();
  await expect(page.getByText("Show answer").first()).toBeVisible();
});

test("a signed-in student opens one answer, then all answers", async ({ page }, testInfo) => {
  await page.goto("/login");
  await fillSignUp(page, uniqueAccount(testInfo));
  await expect(page).toHaveURL("/");
  await page.goto(PAPER);
  const firstItem = page.locator("li#q1a1");
  const answer = firstItem.locator("details");
  await expect(answer).not.toHaveAttribute("open");
  await firstItem.getByText("Show answer").click();
  await expect(answer).toHaveAttribute("open");
  await expect(answer.getByText("Marking (1 mark)")).toBeVisible();
  await expect(answer.locator("math").first()).toBeVisible();
  await expectNoViolations(page, "signed-in paper");
  await noSidewaysScroll(page);

  await page.getByRole("link", { name: "Show all answers" }).click();
  await expect(page).toHaveURL(`${PAPER}?answers=all`);
  const details = page.locator("li details");
  const count = await details.count();
  // One answer per item of the paper (27 in this one), every one open.
  expect(count).toBe(await page.locator("article li[id]").count());
  expect(count).toBeGreaterThan(20);
  for (let i = 0; i < count; i++) await expect(details.nth(i)).toHaveAttribute("open");
  await noSidewaysScroll(page);
  await page.getByRole("link", { name: "Hide all answers" }).click();
  await expect(page).toHaveURL(PAPER);
});

test("a Marathi paper's page renders in Devanagari with figures and no sideways scroll", async ({ page }) => {
  await page.goto("/maharashtra-board-geography-question-papers/geography-model-1");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await noSidewaysScroll(page);
  await page.goto("/maharashtra-board-marathi-question-papers/marathi-model-1");
  await expect(page.locator('[lang="mr"]').first()).toBeVisible();
  await noSidewaysScroll(page);
});

test("the typeset question paper and model answers open in the viewer", async ({ page }, testInfo) => {
  await page.goto("/login");
  await fillSignUp(page, uniqueAccount(testInfo));
  await expect(page).toHaveURL("/");
  await page.goto("/maharashtra-board-hindi-full-question-papers/hindi-full-model-1");
  for (const [button, name] of [
    ["Question paper PDF", / question paper$/],
    ["Solution PDF", / model answers$/],
  ] as const) {
    await (await hydrated(page.getByRole("link", { name: button }))).click();
    const viewer = page.getByRole("dialog", { name });
    await expect(viewer.locator('[data-page="1"] canvas')).toBeVisible();
    await expect(viewer).toContainText(/Page 1 of \d+/);
    await page.keyboard.press("Escape");
    await expect(viewer).toBeHidden();
  }
});
