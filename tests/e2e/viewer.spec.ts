import type { Page } from "@playwright/test";
import { subjectByKey, subjectPath } from "../../domain/subjects.ts";
import { fillSignUp, signUpViaApi, uniqueAccount } from "./support/accounts.ts";
import { hydrated } from "./support/hydration.ts";
import { expect, test } from "./support/test.ts";

/**
 * The paper viewer on a phone (issue 12): Back closes it, `?paper=` links open it, pages can be
 * turned and jumped to, double-tap zooms, solutions open on the site's viewer page, the last page
 * read is remembered, and the viewer's code is not prefetched on Save-Data.
 */
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });

const MATH_1 = subjectPath(subjectByKey("math_1"));
const LISTING = `${MATH_1}?medium=english`;

function viewer(page: Page) {
  return page.getByRole("dialog", { name: /(question paper|solution)$/ });
}

/** The year listing's papers (the model papers above them have links of their own). */
function yearPaper(page: Page, index: number) {
  return page.locator("li[data-paper-id]").nth(index);
}

async function openFirstPage(page: Page) {
  await expect(viewer(page).locator('[data-page="1"] canvas')).toBeVisible();
}

/** The page whose top is nearest the top of the viewer's scrolling area. */
async function pageAtTop(page: Page): Promise<number> {
  return viewer(page)
    .getByRole("region", { name: "Paper pages" })
    .evaluate((region) => {
      const top = region.getBoundingClientRect().top;
      let best = 0;
      let distance = Number.POSITIVE_INFINITY;
      for (const box of region.querySelectorAll<HTMLElement>("[data-page]")) {
        const d = Math.abs(box.getBoundingClientRect().top - top);
        if (d < distance) {
          distance = d;
          best = Number(box.dataset.page);
        }
      }
      return best;
    });
}

test("Back closes the viewer and leaves the student where they were on the subject page", async ({
  page,
  baseURL,
}, testInfo) => {
  await signUpViaApi(page, baseURL, testInfo);
  await page.goto(LISTING);
  const paper = page.locator("li[data-paper-id]").last();
  const qPaper = await hydrated(paper.getByRole("link", { name: /^Q Paper/ }));
  await qPaper.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(500);
  const id = await paper.getAttribute("data-paper-id");

  await qPaper.click();
  await openFirstPage(page);
  await expect(page).toHaveURL(new RegExp(`[?&]paper=${id}&kind=question$`));

  await page.goBack();
  await expect(viewer(page)).toBeHidden();
  await expect(page).toHaveURL(LISTING);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
  await expect(qPaper).toBeVisible();

  // Close does the same as Back: one entry, gone.
  await qPaper.click();
  await openFirstPage(page);
  await viewer(page).getByRole("button", { name: "Close" }).click();
  await expect(page).toHaveURL(LISTING);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
  await page.goBack();
  await expect(page).not.toHaveURL(/paper=/);
});

test("a shared ?paper= link opens the viewer, after sign-in for an anonymous visitor", async ({ page }, testInfo) => {
  await page.goto(LISTING);
  const id = await yearPaper(page, 1).getAttribute("data-paper-id");
  const link = `${LISTING}&paper=${id}&kind=question`;

  await page.goto(link);
  const dialog = page.getByRole("dialog", { name: /^Sign in to open the Mathematics 1, .* question paper$/ });
  await expect(dialog).toBeVisible();
  await fillSignUp(page, uniqueAccount(testInfo));
  await expect(dialog).toBeHidden();
  await openFirstPage(page);
  await expect(page).toHaveURL(link);

  // Signed in, the same link opens the viewer straight away; closing it leaves the subject page.
  await page.goto(link);
  await openFirstPage(page);
  await viewer(page).getByRole("button", { name: "Close" }).click();
  await expect(viewer(page)).toBeHidden();
  await expect(page).toHaveURL(LISTING);

  // A link to a paper that does not exist says so, over the listing.
  await page.goto(`${LISTING}&paper=math-1-1999-march-english`);
  await expect(page.getByRole("alert")).toContainText("could not find the paper");
  await expect(viewer(page)).toHaveCount(0);
});

test("Next, Previous, the page box and the keys turn the pages", async ({ page, baseURL }, testInfo) => {
  await signUpViaApi(page, baseURL, testInfo);
  await page.goto(LISTING);
  await (await hydrated(yearPaper(page, 0).getByRole("link", { name: /^Q Paper/ }))).click();
  await openFirstPage(page);
  const pages = viewer(page).getByRole("navigation", { name: "Pages" });
  const box = pages.getByRole("textbox", { name: /Page number/ });
  await expect(pages).toContainText("of 4");
  await expect(box).toHaveValue("1");
  await expect(pages.getByRole("button", { name: "Previous page" })).toBeDisabled();

  await pages.getByRole("button", { name: "Next page" }).click();
  await expect(box).toHaveValue("2");
  await expect.poll(() => pageAtTop(page)).toBe(2);
  await pages.getByRole("button", { name: "Previous page" }).click();
  await expect(box).toHaveValue("1");
  await expect.poll(() => pageAtTop(page)).toBe(1);

  await box.fill("4");
  await box.press("Enter");
  await expect.poll(() => pageAtTop(page)).toBe(4);
  await expect(box).toHaveValue("4");
  await expect(pages.getByRole("button", { name: "Next page" })).toBeDisabled();
  // A page that does not exist changes nothing.
  await box.fill("9");
  await box.press("Enter");
  await expect(box).toHaveValue("4");

  await viewer(page).getByRole("region", { name: "Paper pages" }).focus();
  for (const [key, expected] of [
    ["ArrowLeft", 3],
    ["PageUp", 2],
    ["ArrowRight", 3],
    ["PageDown", 4],
    ["Home", 1],
    ["End", 4],
  ] as const) {
    await page.keyboard.press(key);
    await expect(box, key).toHaveValue(String(expected));
    await expect.poll(() => pageAtTop(page), key).toBe(expected);
  }
});

test("double-tap zooms to 200% around the tapped point, and back to the page's width", async ({
  page,
  baseURL,
}, testInfo) => {
  await signUpViaApi(page, baseURL, testInfo);
  await page.goto(LISTING);
  await (await hydrated(yearPaper(page, 0).getByRole("link", { name: /^Q Paper/ }))).click();
  await openFirstPage(page);
  const zoom = viewer(page).getByLabel("Zoom level");
  await expect(zoom).toHaveText("100%");
  const first = viewer(page).locator('[data-page="1"]');
  const fitted = (await first.boundingBox())?.width ?? 0;
  expect(fitted).toBeGreaterThan(330);
  expect(fitted).toBeLessThanOrEqual(360);
  // Fit width: nothing to scroll sideways.
  const region = viewer(page).getByRole("region", { name: "Paper pages" });
  expect(await region.evaluate((r) => r.scrollWidth - r.clientWidth)).toBeLessThanOrEqual(0);

  // Tap twice on the right-hand side of the page, a third of the way down the screen.
  const at = { x: 300, y: 300 };
  const pointOnPage = async () => {
    const b = await first.boundingBox();
    return b ? { fx: (at.x - b.x) / b.width, fy: (at.y - b.y) / b.height } : { fx: 0, fy: 0 };
  };
  const before = await pointOnPage();
  await page.touchscreen.tap(at.x, at.y);
  await page.touchscreen.tap(at.x, at.y);
  await expect(zoom).toHaveText("200%");
  await expect.poll(async () => (await first.boundingBox())?.width ?? 0).toBeCloseTo(fitted * 2, -1);
  // The same point of the page is still under the finger (within a few pixels).
  const after = await pointOnPage();
  expect(Math.abs(after.fx - before.fx) * fitted * 2).toBeLessThan(6);
  expect(Math.abs(after.fy - before.fy) * ((await first.boundingBox())?.height ?? 0)).toBeLessThan(6);
  // Redrawn sharp at the new size (one canvas pixel per screen pixel), not a stretched copy.
  await expect
    .poll(() => first.locator("canvas").evaluate((c: HTMLCanvasElement) => c.width / devicePixelRatio))
    .toBeGreaterThan(fitted * 2 * 0.98);

  await page.touchscreen.tap(at.x, at.y);
  await page.touchscreen.tap(at.x, at.y);
  await expect(zoom).toHaveText("100%");
});

test("pinch zooms the page around the fingers and then redraws it sharp at the new scale", async ({
  page,
  baseURL,
}, testInfo) => {
  await signUpViaApi(page, baseURL, testInfo);
  await page.goto(LISTING);
  await (await hydrated(yearPaper(page, 0).getByRole("link", { name: /^Q Paper/ }))).click();
  await openFirstPage(page);
  const zoom = viewer(page).getByLabel("Zoom level");
  const first = viewer(page).locator('[data-page="1"]');
  const fitted = (await first.boundingBox())?.width ?? 0;

  // Two fingers, 60 px apart, spread to 150 px apart in steps: real touch events through CDP.
  const cdp = await page.context().newCDPSession(page);
  const fingers = (gap: number) => [
    { x: 180 - gap / 2, y: 350, id: 1 },
    { x: 180 + gap / 2, y: 350, id: 2 },
  ];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: fingers(60) });
  for (const gap of [75, 90, 105, 120, 135, 150]) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: fingers(gap) });
  }
  // While the fingers are down, the page is scaled as a picture (no redraw yet).
  await expect(viewer(page).locator("[style*='scale(']")).toHaveCount(1);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });

  // 150 / 60 = 2.5 times the fit width.
  await expect(zoom).toHaveText("250%");
  await expect(viewer(page).locator("[style*='scale(']")).toHaveCount(0);
  await expect.poll(async () => (await first.boundingBox())?.width ?? 0).toBeCloseTo(fitted * 2.5, -1);
  // Redrawn sharp at the new size (one canvas pixel per screen pixel), not the fit-width canvas stretched.
  await expect
    .poll(() => first.locator("canvas").evaluate((c: HTMLCanvasElement) => c.width / devicePixelRatio))
    .toBeGreaterThan(fitted * 2.5 * 0.98);
});

test("'Solution' opens the site's viewer page in a new window, with the Question | Solution switch", async ({
  page,
  baseURL,
}, testInfo) => {
  await page.goto(LISTING);
  const paper = page
    .locator("li[data-paper-id]")
    .filter({ has: page.getByRole("link", { name: /^Solution/ }) })
    .first();
  const id = await paper.getAttribute("data-paper-id");
  const solution = await hydrated(paper.getByRole("link", { name: /^Solution/ }));
  await expect(solution).toHaveAttribute("target", "_blank");
  await expect(solution).toHaveAttribute("href", `${LISTING}&paper=${id}&kind=solution`);

  // Anonymous: sign up first, then a direct tap opens the new window (no popup blocker).
  await solution.click();
  await expect(page.getByRole("dialog", { name: /^Sign in to open the Mathematics 1, .* solution$/ })).toBeVisible();
  await fillSignUp(page, uniqueAccount(testInfo));
  const [popup] = await Promise.all([
    page.waitForEvent("popup"),
    page
      .getByRole("dialog", { name: "You are signed in" })
      .getByRole("link", { name: /Open the solution/ })
      .click(),
  ]);
  await expect(popup).toHaveURL(`${baseURL}${LISTING}&paper=${id}&kind=solution`);
  await popup.close();

  // Signed in: straight to the viewer page, never a raw PDF.
  const [window2] = await Promise.all([page.waitForEvent("popup"), solution.click()]);
  await expect(window2).toHaveURL(new RegExp(`paper=${id}&kind=solution$`));
  const shown = viewer(window2);
  await expect(shown).toHaveAccessibleName(/March \d{4} solution$/);
  await expect(shown.locator('[data-page="1"] canvas')).toBeVisible();
  await expect(shown.getByRole("button", { name: "Solution" })).toHaveAttribute("aria-pressed", "true");
  await expect(shown.getByRole("link", { name: "Download" })).toHaveAttribute("href", /\/solution\.pdf$/);

  await shown.getByRole("button", { name: "Question" }).click();
  await expect(window2).toHaveURL(new RegExp(`paper=${id}&kind=question$`));
  await expect(shown).toHaveAccessibleName(/March \d{4} question paper$/);
  await expect(shown.locator('[data-page="1"] canvas')).toBeVisible();
  await expect(shown.getByRole("link", { name: "Download" })).toHaveAttribute("href", /\/question\.pdf$/);
  // Nothing to go Back to in a new window: Close leaves the subject page.
  await shown.getByRole("button", { name: "Close" }).click();
  await expect(shown).toBeHidden();
  await expect(window2).toHaveURL(`${baseURL}${LISTING}`);
});

test("the viewer reopens a paper at the last page read on this device", async ({ page, baseURL }, testInfo) => {
  await signUpViaApi(page, baseURL, testInfo);
  await page.goto(LISTING);
  const qPaper = await hydrated(yearPaper(page, 2).getByRole("link", { name: /^Q Paper/ }));
  await qPaper.click();
  await openFirstPage(page);
  const box = viewer(page).getByRole("textbox", { name: /Page number/ });
  await box.fill("3");
  await box.press("Enter");
  await expect.poll(() => pageAtTop(page)).toBe(3);
  await viewer(page).getByRole("button", { name: "Close" }).click();

  await page.reload();
  await (await hydrated(yearPaper(page, 2).getByRole("link", { name: /^Q Paper/ }))).click();
  await expect(box).toHaveValue("3");
  await expect.poll(() => pageAtTop(page)).toBe(3);
  await expect(viewer(page).locator('[data-page="3"] canvas')).toBeVisible();

  // Another paper still opens at its first page.
  await viewer(page).getByRole("button", { name: "Close" }).click();
  await (await hydrated(yearPaper(page, 1).getByRole("link", { name: /^Q Paper/ }))).click();
  await openFirstPage(page);
  await expect(box).toHaveValue("1");
});

for (const [name, connection] of [
  ["Save-Data", { saveData: true, effectiveType: "4g" }],
  ["a 2g connection", { saveData: false, effectiveType: "2g" }],
] as const) {
  test(`the viewer's code is not prefetched on ${name}, and loads at the tap`, async ({ page, baseURL }, testInfo) => {
    await page.addInitScript((value) => {
      Object.defineProperty(Navigator.prototype, "connection", { configurable: true, get: () => value });
    }, connection);
    const requested: string[] = [];
    page.on("request", (r) => requested.push(new URL(r.url()).pathname));
    await signUpViaApi(page, baseURL, testInfo);
    await page.goto(LISTING);
    const qPaper = await hydrated(yearPaper(page, 0).getByRole("link", { name: /^Q Paper/ }));
    // The page says when it decided not to prefetch; a prefetch would have been requested by then.
    await page.waitForFunction(() => document.documentElement.dataset.viewerCode === "skipped");
    await page.waitForLoadState("networkidle");
    expect(requested.filter((p) => /paper-viewer-document|pdf\.worker/.test(p))).toEqual([]);

    await qPaper.click();
    await openFirstPage(page);
    expect(requested.some((p) => /\/assets\/paper-viewer-document-[\w-]+\.js$/.test(p))).toBe(true);
    expect(requested.some((p) => /\/assets\/pdf\.worker\.min-[\w-]+\.mjs$/.test(p))).toBe(true);
  });
}

test("on a fast connection the viewer's code is prefetched once the page is idle", async ({ page }) => {
  const requested: string[] = [];
  page.on("request", (r) => requested.push(new URL(r.url()).pathname));
  await page.goto(LISTING);
  await page.waitForFunction(() => document.documentElement.dataset.viewerCode === "ready");
  expect(requested.some((p) => /\/assets\/pdf\.worker\.min-[\w-]+\.mjs$/.test(p))).toBe(true);
});
