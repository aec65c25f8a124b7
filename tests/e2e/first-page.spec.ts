import type { Page, Route } from "@playwright/test";
import { subjectByKey, subjectPath } from "../../domain/subjects.ts";
import { signUpViaApi } from "./support/accounts.ts";
import { expect, test } from "./support/test.ts";

/**
 * The first page of a paper without waiting for pdf.js (issue 28, decision 033): a shared `?paper=` link shows the
 * server's image of page 1 from the server's HTML, before pdf.js (held back here) arrives; pdf.js's canvas then
 * takes the image's place.
 */
const MATH_1 = subjectPath(subjectByKey("math_1"));
const LISTING = `/mr${MATH_1}?medium=marathi`;

/** Holds pdf.js's chunk and worker until `release()`: the slow network of a phone, made certain. */
async function holdPdfJs(page: Page): Promise<{ release(): void; held(): number }> {
  const waiting: Route[] = [];
  let released = false;
  await page.route(/paper-viewer-document|pdf\.worker/, (route) => {
    if (released) return route.continue();
    waiting.push(route);
  });
  return {
    release() {
      released = true;
      for (const route of waiting.splice(0)) void route.continue();
    },
    held: () => waiting.length,
  };
}

async function sharedLink(page: Page): Promise<{ id: string; link: string }> {
  await page.goto(LISTING);
  const id = await page.locator("li[data-paper-id]").first().getAttribute("data-paper-id");
  if (!id) throw new Error("no paper in the listing");
  return { id, link: `${LISTING}&paper=${id}&kind=question` };
}

/**
 * The shared link's HTML once it has the image. A sample's image is made by the backfill after start or on the first
 * request for it, as here; the listing gives its size from then on (after the listing's and the page's 2 s caches).
 */
async function htmlWithImage(page: Page, id: string, link: string): Promise<string> {
  expect((await page.request.get(`/papers/${id}/question.webp`)).status()).toBe(200);
  let html = "";
  await expect
    .poll(async () => (html = await (await page.request.get(link)).text()), { timeout: 15_000 })
    .toContain("data-first-page");
  return html;
}

test.describe("at 360 px", () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });

  test("a shared link shows the first page's image from the server's HTML, then pdf.js's canvas", async ({
    page,
    baseURL,
  }, testInfo) => {
    await signUpViaApi(page, baseURL, testInfo);
    const { id, link } = await sharedLink(page);

    // The server's HTML has the image, at its size, in a dialog shown before any script runs.
    const html = await htmlWithImage(page, id, link);
    const tag = html.match(/<img[^>]*data-first-page[^>]*>/)?.[0] ?? "";
    expect(tag).toContain(`src="/papers/${id}/question.webp"`);
    expect(tag).toMatch(/width="640" height="\d+"/);
    expect(tag).toContain("पहिले पान");
    expect(html).toMatch(/<dialog[^>]*\sopen=""/);

    const pdfjs = await holdPdfJs(page);
    await page.goto(link);
    const dialog = page.getByRole("dialog", { name: /प्रश्नपत्रिका$/ });
    const image = dialog.getByRole("img", { name: /: पहिले पान$/ });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);
    // The box where page 1 will be drawn: 8 px in on each side, at the page's aspect ratio.
    await expect.poll(async () => (await image.boundingBox())?.width).toBeCloseTo(360 - 16, 0);
    const box = await image.boundingBox();
    expect((box?.height ?? 0) / (box?.width ?? 1)).toBeCloseTo(905 / 640, 2);
    await expect(dialog.locator('[data-page="1"] canvas')).toHaveCount(0);
    expect(pdfjs.held()).toBeGreaterThan(0);

    pdfjs.release();
    await expect(dialog.locator('[data-page="1"] canvas')).toBeVisible();
    await expect(image).toHaveCount(0);
    // pdf.js draws page 1 where the image was.
    const page1 = await dialog.locator('[data-page="1"]').boundingBox();
    expect(page1?.width).toBeCloseTo(box?.width ?? 0, -1);
  });
});

test("on a desktop the image is as wide as pdf.js's page, 1000 px at most", async ({ page, baseURL }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpViaApi(page, baseURL, testInfo);
  const { id, link } = await sharedLink(page);
  await htmlWithImage(page, id, link);
  const pdfjs = await holdPdfJs(page);
  await page.goto(link);
  const image = page.getByRole("img", { name: /: पहिले पान$/ });
  await expect(image).toBeVisible();
  // Polled: the frame's image gives way to the viewer body's, in the same place, when the body's code arrives.
  await expect.poll(async () => (await image.boundingBox())?.width).toBeCloseTo(1000, 0);
  pdfjs.release();
  await expect(page.locator('[data-page="1"] canvas')).toBeVisible();
  await expect(image).toHaveCount(0);
});
