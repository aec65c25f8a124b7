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
import { expectNoViolations } from "./support/axe.ts";
import { hydrated } from "./support/hydration.ts";
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
  const menu = page.locator("header details summary").filter({ hasText: /☰/ });
  await expect(menu.locator(".bg-amber-800")).toHaveText(nav.due.replace(/\D/g, ""));
  await menu.click();
  await page.getByRole("navigation").getByRole("link", { name: nav.due }).click();
  const form = page.locator("form[method=post]").filter({ has: page.getByRole("button", { name: nav.submit }) });
  // The model answer is closed until the student opens it: the question comes first.
  const answer = page.getByRole("main").locator("details").first();
  await expect(answer).not.toHaveAttribute("open", "");
  await answer.locator("summary").click();
  await expect(answer).toHaveAttribute("open", "");
  // The marking points give the answer away: closed until opened, after the answer is written.
  const marking = form.locator("details");
  await expect(marking).not.toHaveAttribute("open", "");
  await marking.locator("summary").click();
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
  await expectNoViolations(page, "the home page with reviews due, 360 px");
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

test("the review goes on offline once loaded, and its answers reach the server when the phone is back online", async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  await signUpViaApi(page, baseURL, testInfo);
  // Day 1: two questions into the notebook, through the API the flag button uses.
  const day1 = { "X-Test-Now": morning(1).toISOString(), Origin: baseURL ?? "" };
  for (const item of ["math-1-model-1:q2a1", "math-1-model-1:q1a2"]) {
    const flagged = await page.request.post("/api/v1/mistakes", { data: { item }, headers: day1 });
    expect(flagged.status(), await flagged.text()).toBe(201);
  }

  // Day 2: the review loads online, then the connection goes.
  await liveOn(page, morning(2));
  await page.goto("/review");
  await expect(page.getByText("2 questions due today", { exact: false })).toBeVisible();
  const submit = await hydrated(page.getByRole("button", { name: "Done: next question" }));
  await context.setOffline(true);

  // The first in full, the second with nothing ticked: both kept on the phone, the next question at once.
  const full = await page.locator("input[name=item]").inputValue();
  const empty = full === "math-1-model-1:q2a1" ? "math-1-model-1:q1a2" : "math-1-model-1:q2a1";
  await page.locator("form[method=post] details summary").click();
  for (const point of await page.locator("form[method=post]").getByRole("checkbox").all()) await point.check();
  await submit.click();
  const status = page.getByRole("status").filter({ hasText: /\S/ });
  await expect(status).toHaveText("Saved on this phone: 1 answer will be sent when you are back online.");
  await expect(page.getByText("1 question due today", { exact: false })).toBeVisible();
  await page.getByRole("button", { name: "Done: next question" }).click();
  await expect(status).toHaveText("Saved on this phone: 2 answers will be sent when you are back online.");
  await expect(page.getByText("Nothing is due today.")).toBeVisible();

  // Back online: both reach the server, counted on day 2, and the header's count follows.
  await context.setOffline(false);
  await expect(status).toHaveText("Saved. That question will come back on a later day.");
  await expect(page.locator("header summary .bg-amber-800")).toHaveCount(0);
  const notebook = await page.request.get("/api/v1/mistakes", { headers: { "X-Test-Now": morning(2).toISOString() } });
  const entries = (
    (await notebook.json()) as {
      data: { item: string; full_reviews: number; missed_points: number[]; due_day: string }[];
    }
  ).data;
  const byItem = new Map(entries.map((entry) => [entry.item, entry]));
  const day2 = indianDay(morning(2));
  // The full answer counts once; the empty one brings its question back the next day with every point missed.
  expect(byItem.get(full)).toMatchObject({ full_reviews: 1 });
  expect((byItem.get(full)?.due_day ?? "") > day2).toBe(true);
  expect(byItem.get(empty)).toMatchObject({ full_reviews: 0, due_day: indianDay(morning(3)) });
  expect(byItem.get(empty)?.missed_points.length).toBeGreaterThan(0);
  expect(
    await page.evaluate(() =>
      Object.keys(localStorage)
        .filter((key) => key.startsWith("ps-review-outbox:"))
        .map((key) => localStorage.getItem(key)),
    ),
  ).toEqual([expect.not.stringContaining('"sent":false')]);
});

test("an answer kept offline reaches the server from the next page the student opens online", async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  await signUpViaApi(page, baseURL, testInfo);
  const flagged = await page.request.post("/api/v1/mistakes", {
    data: { item: "math-1-model-1:q2a1" },
    headers: { "X-Test-Now": morning(1).toISOString(), Origin: baseURL ?? "" },
  });
  expect(flagged.status(), await flagged.text()).toBe(201);
  await liveOn(page, morning(2));
  await page.goto("/review");
  const submit = await hydrated(page.getByRole("button", { name: "Done: next question" }));
  await context.setOffline(true);
  await page.locator("form[method=post] details summary").click();
  for (const point of await page.locator("form[method=post]").getByRole("checkbox").all()) await point.check();
  await submit.click();
  await expect(page.getByRole("status").filter({ hasText: /\S/ })).toContainText("Saved on this phone");
  await page.close();

  // Another day's first page, online: not the review, which would send it itself.
  await context.setOffline(false);
  const next = await context.newPage();
  await liveOn(next, morning(2));
  await next.goto("/blogs");
  const due = async () =>
    (
      (await (
        await next.request.get("/api/v1/reviews/due", { headers: { "X-Test-Now": morning(2).toISOString() } })
      ).json()) as { data: unknown[] }
    ).data.length;
  await expect.poll(due).toBe(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a review is one question per page, answered by a plain form", async ({ page, baseURL }, testInfo) => {
    await signUpViaApi(page, baseURL, testInfo);
    const flagged = await page.request.post("/api/v1/mistakes", {
      data: { item: "math-1-model-1:q2a1" },
      headers: { "X-Test-Now": morning(1).toISOString(), Origin: baseURL ?? "" },
    });
    expect(flagged.status(), await flagged.text()).toBe(201);
    // Without scripts the page has no clock to move: the server's day alone.
    await page.setExtraHTTPHeaders({ "X-Test-Now": morning(2).toISOString() });
    await page.goto("/mr/review");
    await expect(page.getByText("आज 1 प्रश्न बाकी", { exact: false })).toBeVisible();
    const answer = page.getByRole("main").locator("details").first();
    await expect(answer).not.toHaveAttribute("open", "");
    await answer.locator("summary").click();
    await page.locator("form[method=post] details summary").click();
    for (const point of await page.locator("form[method=post]").getByRole("checkbox").all()) await point.check();
    await page.getByRole("button", { name: "झाले: पुढचा प्रश्न" }).click();
    await expect(page).toHaveURL(/\/mr\/review\?done=again$/);
    await expect(page.getByRole("status").filter({ hasText: /\S/ })).toHaveText(
      "जतन केले. हा प्रश्न पुढच्या एखाद्या दिवशी परत येईल.",
    );
    await expect(page.getByText(/^आज काहीही बाकी नाही\./)).toBeVisible();
  });
});
