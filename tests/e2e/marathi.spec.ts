import type { Page, TestInfo } from "@playwright/test";
import { fontCodePoints } from "../../server/content/font.server.ts";
import { readSourceCatalog } from "../../server/i18n/catalog.server.ts";
import { signUpViaApi } from "./support/accounts.ts";
import { expectNoViolations } from "./support/axe.ts";
import { hydrated } from "./support/hydration.ts";
import { expect, test } from "./support/test.ts";

const { catalog } = readSourceCatalog("mr");
/** A Marathi message as the catalog has it (messages without arguments). */
function mr(key: string): string {
  const text = catalog.messages.get(key);
  if (text === undefined) throw new Error(`no Marathi message ${key}`);
  return text;
}

/** Every Devanagari character the page shows (text, labels, alt texts), as code points. */
async function devanagariOnPage(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const chars = new Set<number>();
    const add = (text: string | null) => {
      for (const ch of text ?? "") {
        const cp = ch.codePointAt(0) ?? 0;
        if ((cp >= 0x900 && cp <= 0x97f) || cp === 0x200c || cp === 0x200d) chars.add(cp);
      }
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.parentElement?.closest("script, style, noscript")) add(node.textContent);
    }
    for (const el of document.querySelectorAll("[aria-label], [alt], [placeholder], [title]")) {
      for (const name of ["aria-label", "alt", "placeholder", "title"]) add(el.getAttribute(name));
    }
    return [...chars];
  });
}

/** The site's Devanagari font, as the page links it, and the code points it has glyphs for. */
const fonts = new Map<string, Promise<Set<number>>>();

async function pageFont(page: Page): Promise<Set<number>> {
  const href = await page.locator('link[rel="preload"][as="font"]').getAttribute("href");
  expect(href, "the page links the Devanagari font").toMatch(/^\/assets\/noto-sans-devanagari-[0-9a-f]+\.woff2$/);
  // One font for every page: read its cmap once per worker.
  let codePoints = fonts.get(href ?? "");
  if (!codePoints) {
    codePoints = page.request
      .get(href ?? "")
      .then(async (response) => fontCodePoints(new Uint8Array(await response.body())));
    fonts.set(href ?? "", codePoints);
  }
  return codePoints;
}

/** Characters the font lacks: the phone would draw them with another font, or as boxes. */
function missing(chars: number[], font: Set<number>): string[] {
  return chars
    .filter((cp) => !font.has(cp))
    .map((cp) => `U+${cp.toString(16).toUpperCase()} ${String.fromCodePoint(cp)}`);
}

/** axe, the font check and a full-page screenshot with real fonts. */
async function checkPage(page: Page, testInfo: TestInfo, name: string) {
  await expect(page.locator("html")).toHaveAttribute("lang", "mr");
  // The page's text is set in the site's font, and the font has a glyph for every Devanagari character shown.
  await page.evaluate(() => document.fonts.ready);
  expect(await page.evaluate(() => document.fonts.check('16px "PS Devanagari"', "मराठी"))).toBe(true);
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"PS Devanagari"/);
  expect(missing(await devanagariOnPage(page), await pageFont(page)), `${name}: characters the font lacks`).toEqual([]);
  await expectNoViolations(page, name);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} fits 360 px`).toBeLessThanOrEqual(
    360,
  );
  await page.screenshot({ path: testInfo.outputPath(`mr-${name}.png`), fullPage: true });
}

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

test("the font check notices a character the subset does not have", async ({ page }) => {
  await page.goto("/mr");
  const font = await pageFont(page);
  // ॿ (U+097F, a Sindhi letter) is on no page of the site, so the subset leaves it out.
  expect(missing([0x092c, 0x097f], font)).toEqual(["U+97F ॿ"]);
  await page.evaluate(() => document.querySelector("h1")?.append(" ॿ"));
  expect(missing(await devanagariOnPage(page), font)).toEqual(["U+97F ॿ"]);
});

test("bold Devanagari text is drawn bold: headings, buttons and scores keep their weight (issue 23)", async ({
  page,
}) => {
  await page.goto("/mr");
  await page.evaluate(() => document.fonts.ready);
  // Ink of the same words in the site's font at 400 and at 700: a face declared as every weight (100-900) made
  // the browser use the regular glyphs for bold; declared as 400, bold is synthesised and darker.
  const ink = await page.evaluate(async () => {
    await document.fonts.load('700 32px "PS Devanagari"', "गणित सराव");
    const measure = (weight: number) => {
      const canvas = document.createElement("canvas");
      canvas.width = 400;
      canvas.height = 60;
      const context = canvas.getContext("2d");
      if (!context) return 0;
      context.font = `${weight} 32px "PS Devanagari"`;
      context.fillText("गणित सराव ६ / ४०", 4, 44);
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      let sum = 0;
      for (let i = 3; i < data.length; i += 4) sum += data[i] ?? 0;
      return sum;
    };
    return { regular: measure(400), bold: measure(700) };
  });
  expect(ink.regular).toBeGreaterThan(0);
  expect(ink.bold).toBeGreaterThan(ink.regular * 1.1);
  const h1 = page.getByRole("heading", { level: 1 });
  expect(Number(await h1.evaluate((e) => getComputedStyle(e).fontWeight))).toBeGreaterThanOrEqual(600);
});

test("home: the form in Marathi, its errors, and on to a subject page", async ({ page }, testInfo) => {
  await page.goto("/mr");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(mr("home.title"));
  await checkPage(page, testInfo, "home");
  const form = page.getByRole("form", { name: mr("home.form.title") });
  await (await hydrated(form.getByRole("button", { name: mr("home.form.submit") }))).click();
  await expect(form).toContainText(mr("home.form.errors.medium"));
  await expect(form).toContainText(mr("home.form.errors.subject"));
  await form.getByLabel(mr("home.form.medium")).selectOption("marathi");
  await form.getByLabel(mr("home.form.subject")).selectOption("math_1");
  await form.getByRole("button", { name: mr("home.form.submit") }).click();
  await expect(page).toHaveURL("/mr/maharashtra-board-math-1-question-papers");
});

test("a subject page lists the Marathi-medium model papers in Marathi", async ({ page }, testInfo) => {
  await page.goto("/mr/maharashtra-board-math-1-question-papers?medium=marathi");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("गणित भाग 1");
  await expect(page.locator('[data-model-paper="math-1-model-1-mr"]')).toContainText("नमुना प्रश्नपत्रिका 1");
  await expect(page.getByRole("heading", { name: mr("paper.list.title") })).toBeVisible();
  await checkPage(page, testInfo, "subject");
  // The switch keeps the page and the medium, in English.
  await page.getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL("/maharashtra-board-math-1-question-papers?medium=marathi");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("sign-up: a validation error in Marathi", async ({ page }, testInfo) => {
  await page.goto("/mr/login");
  const form = page.getByRole("form", { name: mr("auth.signUpLabel") });
  await (await hydrated(form.getByRole("button", { name: mr("auth.signUp") }))).click();
  await expect(form).toContainText(mr("api.auth.nameRequired"));
  await expect(form).toContainText(mr("api.auth.phoneDigits"));
  await form.getByLabel(mr("auth.email"), { exact: true }).fill("not-an-email");
  await expect(form).toContainText(mr("api.auth.invalidEmail"));
  await checkPage(page, testInfo, "sign-up");
});

test("a Marathi-medium model paper with its answer", async ({ page, baseURL }, testInfo) => {
  await signUpViaApi(page, baseURL, testInfo);
  await page.goto("/mr/maharashtra-board-math-1-question-papers/math-1-model-1-mr");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("गणित भाग 1 (बीजगणित) : नमुना प्रश्नपत्रिका 1");
  const first = page.locator("li#q1a1");
  await first.getByText(mr("paper.view.showAnswer")).click();
  await expect(first.locator("details")).toHaveAttribute("open", "");
  await expect(first.locator("details")).toContainText("(B)");
  await checkPage(page, testInfo, "model-paper");
});

test("a practice attempt in Marathi, from start to result", async ({ page, baseURL }, testInfo) => {
  // Four pages, each checked with axe and the font: on a busy 2-core CI machine this can pass 30 s.
  test.slow();
  await signUpViaApi(page, baseURL, testInfo);
  await page.goto("/mr/practice/new?paper=math-1-model-1-mr");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("नमुना प्रश्नपत्रिका 1");
  await checkPage(page, testInfo, "practice-start");
  await (await hydrated(page.getByRole("button", { name: /^सुरू करा/ }))).click();
  await expect(page).toHaveURL(/\/mr\/practice\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("countdown")).toHaveText(/^[12]:\d{2}:\d{2}$/);
  await checkPage(page, testInfo, "practice-writing");
  await (await hydrated(page.getByRole("button", { name: mr("practice.writing.finish") }))).click();
  await page.getByRole("button", { name: mr("practice.writing.confirmYes") }).click();
  await expect(page).toHaveURL(/\/mr\/practice\/[0-9a-f-]{36}\/check$/);
  await (await hydrated(page.locator('input[name="point:q1a1"]'))).click();
  await expect(page.getByTestId("save-state")).toHaveText(mr("practice.checking.saved"));
  await checkPage(page, testInfo, "practice-checking");
  await page.getByRole("button", { name: mr("practice.checking.seeResult") }).click();
  await expect(page).toHaveURL(/\/mr\/practice\/[0-9a-f-]{36}\/result$/);
  await expect(page.getByTestId("result-score")).toHaveText("1 / 40");
  await checkPage(page, testInfo, "practice-result");
});

test("the blog and an article", async ({ page }, testInfo) => {
  await page.goto("/mr/blogs");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(mr("blog.title"));
  await checkPage(page, testInfo, "blog");
  await page.goto("/mr/abhyasache-niyojan");
  await expect(page.locator("article h1")).toBeVisible();
  await expect(page.getByRole("link", { name: "English" })).toHaveAttribute(
    "href",
    `/language/en?next=${encodeURIComponent("/importance-of-planning")}`,
  );
  await checkPage(page, testInfo, "article");
});
