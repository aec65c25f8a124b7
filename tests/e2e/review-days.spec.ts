/**
 * Issue 27's loop over three days, on a 360 px phone: a question flagged in chapter practice is due the next day,
 * a full answer brings it back on a later day, and a second full answer on another day takes it out of the
 * notebook. Playwright's clock moves the page's days; the same instant goes to the server in X-Test-Now, which the
 * browser tests' server (TEST_CLOCK=1) reads for the notebook's "today" (server/http/clock.server.ts). Day 3 is in
 * Marathi.
 */
import type { Page } from "@playwright/test";
import { formatDay, indianDay } from "../../domain/i18n.ts";
import { signUpViaApi } from "./support/accounts.ts";
import { expect, test } from "./support/test.ts";

test.use({ viewport: { width: 360, height: 740 }, serviceWorkers: "block" });

const DAY_MS = 24 * 60 * 60 * 1000;

/** 10:00 in India, `offset` days after today there. */
function morning(offset: number): Date {
  const today = indianDay(new Date());
  return new Date(Date.parse(`${today}T10:00:00+05:30`) + offset * DAY_MS);
}

/** The page's clock and the server's day move together. */
async function liveOn(page: Page, moment: Date): Promise<void> {
  await page.clock.setFixedTime(moment);
  await page.setExtraHTTPHeaders({ "X-Test-Now": moment.toISOString() });
}

/** Opens today's review from the header's count, answers in full, and returns the page's verdict. */
async function reviewInFull(page: Page, nav: { due: string; submit: string }) {
  // On a phone the count shows on the closed menu, and the link to the review is inside it.
  const menu = page.locator("header details summary").filter({ hasText: nav.due });
  await expect(menu).toBeVisible();
  await menu.click();
  await page.getByRole("navigation").getByRole("link", { name: nav.due }).click();
  const form = page.locator("form[method=post]").filter({ has: page.getByRole("button", { name: nav.submit }) });
  // The model answer is closed until the student opens it: the question comes first.
  const answer = page.locator("details").first();
  await expect(answer).not.toHaveAttribute("open", "");
  await answer.locator("summary").click();
  const points = form.getByRole("checkbox");
  expect(await points.count()).toBeGreaterThan(0);
  for (const point of await points.all()) await point.check();
  await form.getByRole("button", { name: nav.submit }).click();
}

test("three days of reviews: flagged, due the next day, back on a later day, and gone after two full answers", async ({
  page,
  baseURL,
}, testInfo) => {
  await signUpViaApi(page, baseURL, testInfo);
  // An exam four days away keeps the gaps short enough to walk in three days (decision 030: every card comes back
  // before the exam).
  const examDay = indianDay(morning(4));
  await page.goto("/profile");
  await page.getByLabel(/^Your exam date/).fill(examDay);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByLabel(/^Your exam date/)).toHaveValue(examDay);

  // Day 1: chapter practice, and a question flagged.
  await liveOn(page, morning(1));
  await page.goto("/maharashtra-board-math-1-question-papers/chapter-practice?medium=english");
  await page.getByRole("checkbox", { name: /^Probability / }).check();
  await page.getByRole("button", { name: "Make a set" }).click();
  const first = page.getByRole("region", { name: /^Q\.1 / });
  await first.getByRole("button", { name: "Add to my mistakes" }).click();
  await expect(first.getByRole("status")).toContainText("Added to your mistakes");
  await page.goto("/review");
  await expect(page.getByText("Nothing is due today.")).toBeVisible();

  // Day 2: due, answered in full, and rescheduled.
  await liveOn(page, morning(2));
  await page.goto("/");
  await page.screenshot({ path: testInfo.outputPath("day-2-header.png") });
  await reviewInFull(page, { due: "1 review due", submit: "Done: next question" });
  await expect(page.getByRole("status").filter({ hasText: /\S/ })).toHaveText(
    "Saved. That question will come back on a later day.",
  );
  await expect(page.getByText("Nothing is due today.")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.goto("/mistakes");
  // Back on day 3, the eve of the exam at the latest.
  await expect(page.getByText(`next review ${formatDay("en", indianDay(morning(3)))}`)).toBeVisible();

  // Day 3, in Marathi: due again, a second full answer on another day, and the notebook is empty.
  await liveOn(page, morning(3));
  await page.goto("/mr");
  await reviewInFull(page, { due: "1 उजळणी बाकी", submit: "झाले: पुढचा प्रश्न" });
  await expect(page.getByRole("status").filter({ hasText: /\S/ })).toHaveText("छान! हा प्रश्न तुमच्या चुकांमधून गेला.");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.goto("/mr/mistakes");
  await expect(page.getByText(/^अजून एकही चूक नाही\./)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("day-3-mr.png"), fullPage: true });
});
