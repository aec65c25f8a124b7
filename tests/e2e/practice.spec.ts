import type { Page } from "@playwright/test";
import { signUpViaApi } from "./support/accounts.ts";
import { expectNoViolations } from "./support/axe.ts";
import { hydrated } from "./support/hydration.ts";
import { expect, RESEND_ON_RESET, test } from "./support/test.ts";

const PAPER = "math-1-model-1";
/** Algebra's board time is 2 hours; the practice adds the board's 10 minutes. */
const ALLOWED_MS = 130 * 60 * 1000;

/** The countdown as milliseconds ("2:09:58" → …). */
async function countdownMs(page: Page): Promise<number> {
  const text = (await page.getByTestId("countdown").textContent()) ?? "";
  const parts = text.split(":").map(Number);
  const [h, m, s] = parts.length === 3 ? parts : [0, ...parts];
  return (((h ?? 0) * 60 + (m ?? 0)) * 60 + (s ?? 0)) * 1000;
}

async function start(page: Page) {
  await page.goto(`/practice/new?paper=${PAPER}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Algebra: Model Paper 1");
  await expect(page.getByText("2 hours 10 minutes").first()).toBeVisible();
  await (await hydrated(page.getByRole("button", { name: /^Start/ }))).click();
  await expect(page).toHaveURL(/\/practice\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("countdown")).toBeVisible();
}

/** Ticks the item's marking points by their indices, one tap each. */
async function tick(page: Page, itemId: string, indices: number[]) {
  const boxes = page.locator(`li#${itemId}`).getByRole("checkbox");
  for (const index of indices) {
    await boxes.nth(index).click();
    await expect(boxes.nth(index)).toBeChecked();
  }
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test("a full attempt: start, warning, time up, marking with a choice rule, result and progress", async ({
    page,
    baseURL,
  }, testInfo) => {
    // Six pages, each checked with axe: on a busy 2-core CI machine this flow alone can pass 30 s.
    test.slow();
    // The phone's clock is an hour fast: the countdown must still follow the server's.
    await page.clock.install({ time: new Date(Date.now() + 60 * 60 * 1000) });
    await signUpViaApi(page, baseURL, testInfo);
    await page.goto("/progress");
    await expect(page.getByRole("heading", { name: "Try your first paper" })).toBeVisible();
    await page.getByRole("link", { name: /Mathematics 1: Algebra: Model Paper 1/ }).click();
    await expect(page).toHaveURL(`/practice/new?paper=${PAPER}`);
    await expectNoViolations(page, "start screen");

    await start(page);
    const left = await countdownMs(page);
    expect(left).toBeLessThanOrEqual(ALLOWED_MS);
    expect(left).toBeGreaterThan(ALLOWED_MS - 60_000);
    // No answers while writing.
    await expect(page.getByText("Show answer")).toHaveCount(0);
    await expect(page.getByTestId("countdown")).toBeInViewport();

    const first = page.locator("li#q1a1");
    await (await hydrated(first.getByRole("button", { name: "Attempted" }))).click();
    await expect(first.getByRole("button", { name: "Attempted" })).toHaveAttribute("aria-pressed", "true");
    await page.locator("li#q1a2").getByRole("button", { name: "Skipped" }).click();
    await expect(page.getByTestId("attempted-count")).toHaveText("1");
    await expect(page.getByTestId("skipped-count")).toHaveText("1");
    await expectNoViolations(page, "writing");

    // Scrolled far down, the countdown is still in view.
    await page.locator("li[id]").last().scrollIntoViewIfNeeded();
    await expect(page.getByTestId("countdown")).toBeInViewport();

    // Ten minutes before the end: the warning.
    await expect(page.getByRole("alert")).toHaveCount(0);
    await page.clock.fastForward(ALLOWED_MS - 9 * 60 * 1000);
    await expect(page.getByRole("alert")).toContainText("10 minutes left");

    // Time up: the writing ends by itself and the checking begins.
    await page.clock.fastForward(10 * 60 * 1000);
    await expect(page).toHaveURL(/\/practice\/[0-9a-f-]{36}\/check$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Check your answers");
    await expect(page.getByTestId("countdown")).toHaveCount(0);

    // Q.2 (A): any 2 of 3, two marks each in four half-mark points. One tap per point.
    await expect(page.locator("li#q2a1").locator("..").locator("..")).toContainText("only your best 2 count");
    await expect(page.getByRole("combobox")).toHaveCount(0);
    await hydrated(page.locator("li#q2a1").getByRole("checkbox").first());
    await tick(page, "q2a1", [0, 1, 2, 3]);
    await tick(page, "q2a2", [0, 1, 2]);
    await tick(page, "q2a3", [0, 2]);
    await expect(page.getByTestId("item-mark-q2a1")).toHaveText("2 / 2");
    await expect(page.getByTestId("item-mark-q2a2")).toHaveText("1.5 / 2");
    await expect(page.getByTestId("item-mark-q2a3")).toHaveText("1 / 2");
    await expect(page.locator("li#q2a3")).toContainText("Not counted");
    await expect(page.locator("li#q2a1")).toContainText("Counts");
    await expect(page.getByTestId("live-score")).toHaveText("3.5 / 40");
    // A tick taken back: 1.5, and the choice moves to the best two again.
    await page.locator("li#q2a1").getByRole("checkbox").nth(3).click();
    await expect(page.getByTestId("item-mark-q2a1")).toHaveText("1.5 / 2");
    await expect(page.getByTestId("live-score")).toHaveText("3 / 40");
    await page.locator("li#q2a1").getByRole("checkbox").nth(3).click();
    await expect(page.getByTestId("live-score")).toHaveText("3.5 / 40");
    await expect(page.getByTestId("save-state")).toHaveText("All marks saved");
    // The points are the tap targets: 44 px tall at least, within the 360 px screen.
    for (const box of await page.locator('li#q2b4 label:has(input[type="checkbox"])').all()) {
      const size = await box.boundingBox();
      expect(size?.height).toBeGreaterThanOrEqual(44);
      expect((size?.x ?? 0) + (size?.width ?? 0)).toBeLessThanOrEqual(360);
    }
    await expect(
      page.locator("li#q2b4").getByRole("checkbox", { name: /Price of a cricket bat .* \(0\.5\)$/ }),
    ).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expect(page.getByTestId("honesty-note")).toHaveCount(0);
    await expectNoViolations(page, "checking");

    await page.getByRole("button", { name: "See my result" }).click();
    await expect(page).toHaveURL(/\/practice\/[0-9a-f-]{36}\/result$/);
    await expect(page.getByTestId("result-score")).toHaveText("3.5 / 40");
    await expect(page.getByTestId("result-percentage")).toHaveText("8.8%");
    await expect(page.getByRole("row", { name: /^Q\.2 / })).toContainText("3.5");
    await expect(page.getByRole("heading", { name: "Chapters to work on" })).toBeVisible();
    // The weakest chapters link to their questions in the other model paper.
    const practiseLink = page.getByRole("link", { name: /^Algebra: Model Paper 2, Q\.\d$/ }).first();
    await expect(practiseLink).toHaveAttribute("href", /\/math-1-model-2#q\d[a-z]\d+$/);
    await expectNoViolations(page, "result");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByRole("link", { name: "Your progress" }).click();
    const card = page.locator('[data-subject="math_1"]');
    await expect(card).toContainText("Mathematics 1");
    await expect(card).toContainText("8.8%");
    await expect(card.getByTestId("trend-chart")).toBeVisible();
    await expect(card.getByText("Weakest chapters")).toBeVisible();
    await expectNoViolations(page, "progress");
  });

  test("a reload and a second device continue the same attempt with the same time left", async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    await signUpViaApi(page, baseURL, testInfo);
    await start(page);
    const url = page.url();
    const before = await countdownMs(page);
    const readAt = Date.now();
    // The same clock: the time left has gone down by the time that passed (however slow the machine), give or
    // take the countdown's one-second steps, and was never reset to the full time.
    const sameClock = (left: number) => {
      expect(left).toBeLessThanOrEqual(before);
      expect(before - left).toBeLessThanOrEqual(Date.now() - readAt + 2_000);
    };
    await page.reload();
    await expect(page).toHaveURL(url);
    sameClock(await countdownMs(page));

    const other = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
    await other.addCookies(await page.context().cookies());
    const desk = await other.newPage();
    await desk.goto(`/practice/new?paper=${PAPER}`);
    await (await hydrated(desk.getByRole("button", { name: /^Start/ }))).click();
    await expect(desk).toHaveURL(url);
    sameClock(await countdownMs(desk));
    await other.close();
  });

  test("marks entered offline are kept through a reload and sent when the network is back", async ({
    page,
    baseURL,
  }, testInfo) => {
    await signUpViaApi(page, baseURL, testInfo);
    await start(page);
    await page.getByRole("button", { name: "Finish" }).click();
    await page.getByRole("button", { name: "Yes, finish" }).click();
    await expect(page.getByTestId("live-score")).toHaveText("0 / 40");

    await hydrated(page.locator("li#q1a1").getByRole("checkbox"));
    await tick(page, "q1a1", [0]);
    await expect(page.getByTestId("save-state")).toHaveText("All marks saved");

    await page.context().setOffline(true);
    await tick(page, "q2b4", [0, 2]);
    await expect(page.getByTestId("save-state")).toContainText("Offline: 1 change kept on this device");
    await expect(page.getByTestId("live-score")).toHaveText("2.5 / 40");

    // Back online, then a reload before the page noticed: the kept ticks are shown and sent.
    await page.context().setOffline(false);
    await page.reload();
    await expect(page.locator("li#q2b4").getByRole("checkbox").nth(0)).toBeChecked();
    await expect(page.locator("li#q2b4").getByRole("checkbox").nth(1)).not.toBeChecked();
    await expect(page.locator("li#q2b4").getByRole("checkbox").nth(2)).toBeChecked();
    await expect(page.getByTestId("item-mark-q2b4")).toHaveText("1.5 / 2");
    await expect(page.getByTestId("save-state")).toHaveText("All marks saved");
    await expect(page.getByTestId("live-score")).toHaveText("2.5 / 40");

    // Dropped again and restored without a reload: the browser's online event sends it.
    await page.context().setOffline(true);
    await tick(page, "q1a3", [0]);
    await expect(page.getByTestId("save-state")).toContainText("Offline");
    await page.context().setOffline(false);
    await expect(page.getByTestId("save-state")).toHaveText("All marks saved");

    // The server has all three, the ticks and the marks they give.
    await expect(page).toHaveURL(/\/practice\/[0-9a-f-]{36}\/check$/);
    const id = /\/practice\/([0-9a-f-]{36})\/check$/.exec(page.url())?.[1];
    const saved = (await (await page.request.get(`/api/v1/attempts/${id}`, RESEND_ON_RESET)).json()).data;
    expect(saved.marks).toEqual({ q1a1: 1, q2b4: 1.5, q1a3: 1 });
    expect(saved.points).toEqual({ q1a1: [0], q2b4: [0, 2], q1a3: [0] });
  });

  test("full marks on every item bring a gentle note on honest self-marking", async ({ page, baseURL }, testInfo) => {
    // A full paper's page reloaded and checked with axe: on a busy 2-core CI machine this can pass 30 s.
    test.slow();
    await signUpViaApi(page, baseURL, testInfo);
    await start(page);
    await page.getByRole("button", { name: "Finish" }).click();
    await page.getByRole("button", { name: "Yes, finish" }).click();
    await expect(page.getByTestId("live-score")).toHaveText("0 / 40");
    // Every point of every item but the last, ticked elsewhere (another device); the last one here.
    const id = /\/practice\/([0-9a-f-]{36})\/check$/.exec(page.url())?.[1];
    const items = await page
      .locator("li[id]:has(input[type=checkbox])")
      .evaluateAll((lis) => lis.map((li) => [li.id, li.querySelectorAll("input[type=checkbox]").length] as const));
    const [lastId = "", lastCount = 0] = items.at(-1) ?? [];
    const points = Object.fromEntries(
      items.slice(0, -1).map(([item, count]) => [item, Array.from({ length: count }, (_, i) => i)]),
    );
    const res = await page.request.put(`/api/v1/attempts/${id}/marks`, { data: { points } });
    expect(res.status()).toBe(200);
    await page.reload();
    // The last item is Q.5's second choice: the score is full already, the ticks are not.
    await expect(page.getByTestId("live-score")).toHaveText("40 / 40");
    await expect(page.getByTestId("honesty-note")).toHaveCount(0);

    await hydrated(page.locator(`li#${lastId}`).getByRole("checkbox").first());
    await tick(
      page,
      lastId,
      Array.from({ length: lastCount - 1 }, (_, i) => i),
    );
    await expect(page.getByTestId("honesty-note")).toHaveCount(0);
    await tick(page, lastId, [lastCount - 1]);
    await expect(page.getByTestId("live-score")).toHaveText("40 / 40");
    const note = page.getByTestId("honesty-note");
    await expect(note).toHaveText(/^Full marks everywhere\? Well done — if it is true\./);
    // A status beside 'See my result', which stays open: a word, not a block.
    await expect(page.getByRole("status").filter({ has: note })).toHaveCount(1);
    await expect(page.getByRole("button", { name: "See my result" })).toBeEnabled();
    await expectNoViolations(page, "honesty note");
    // One point fewer anywhere and the note goes.
    await page.locator(`li#${lastId}`).getByRole("checkbox").first().click();
    await expect(note).toHaveCount(0);
  });
});

test("at desktop width each question sits beside its model answer", async ({ page, baseURL }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpViaApi(page, baseURL, testInfo);
  await start(page);
  await page.getByRole("button", { name: "Finish" }).click();
  await page.getByRole("button", { name: "Yes, finish" }).click();
  await expect(page.getByTestId("live-score")).toBeVisible();
  const item = page.locator("li#q2b1");
  const question = await item.locator(":scope > div").first().boundingBox();
  const answer = await item.locator("details").boundingBox();
  expect(question && answer && answer.x > question.x + question.width - 1).toBe(true);
  expect(question && answer && Math.abs(answer.y - question.y) < 40).toBe(true);
});

test.describe("without JavaScript on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, javaScriptEnabled: false });

  test("the ticks are one form, posted with 'See my result'", async ({ page, baseURL }, testInfo) => {
    await signUpViaApi(page, baseURL, testInfo);
    await page.goto(`/practice/new?paper=${PAPER}`);
    await page.getByRole("button", { name: /^Start/ }).click();
    await expect(page).toHaveURL(/\/practice\/[0-9a-f-]{36}$/);
    // Without JavaScript the Finish button is the confirmation.
    await page.getByRole("button", { name: "Finish" }).click();
    await expect(page).toHaveURL(/\/practice\/[0-9a-f-]{36}\/check$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const label = await page.locator("li#q2a1 label").first().boundingBox();
    expect(label?.height).toBeGreaterThanOrEqual(44);

    await tick(page, "q1a1", [0]);
    await tick(page, "q2a1", [0, 1, 2]);
    await tick(page, "q2a2", [0, 1, 2, 3]);
    await tick(page, "q2a3", [0]);
    await tick(page, "q2b4", [0, 2]);
    await page.getByRole("button", { name: "See my result" }).click();
    await expect(page).toHaveURL(/\/practice\/[0-9a-f-]{36}\/result$/);
    // 1 + Q.2 (A)'s best two (2 + 1.5) + 1.5.
    await expect(page.getByTestId("result-score")).toHaveText("6 / 40");
    const id = /\/practice\/([0-9a-f-]{36})\/result$/.exec(page.url())?.[1];
    const saved = (await (await page.request.get(`/api/v1/attempts/${id}`)).json()).data;
    expect(saved.points).toEqual({ q1a1: [0], q2a1: [0, 1, 2], q2a2: [0, 1, 2, 3], q2a3: [0], q2b4: [0, 2] });

    // Its mistakes are in the notebook (issue 27 §2), each with the points not ticked.
    await page.getByRole("link", { name: "My mistakes" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My mistakes");
    await expect(page.getByText("The points you missed last time").first()).toBeVisible();
    const notebook = (await (await page.request.get("/api/v1/mistakes?subject=math_1")).json()).data as {
      item: string;
      missed_points: number[];
    }[];
    const keys = notebook.map((entry) => entry.item);
    expect(keys).toContain(`${PAPER}:q2a1`);
    // Q.2 (A)'s full answer (every point ticked) stays out.
    expect(keys).not.toContain(`${PAPER}:q2a2`);
    expect(notebook.find((entry) => entry.item === `${PAPER}:q2a1`)?.missed_points).toEqual([3]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
