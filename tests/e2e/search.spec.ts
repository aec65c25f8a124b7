/**
 * Site search (issue 16): the header's box suggests as you type (a WAI-ARIA combobox, used with the keyboard
 * alone), the /search page works without JavaScript, bad queries get their own messages, and axe finds
 * nothing wrong, on a 360 px phone and a desktop, in English and Marathi.
 */
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import type { SearchResult } from "../../domain/search.ts";
import { readSourceCatalog } from "../../server/i18n/catalog.server.ts";
import { expectNoViolations } from "./support/axe.ts";
import { hydrated } from "./support/hydration.ts";
import { expect, RESEND_ON_RESET, test } from "./support/test.ts";

const { catalog } = readSourceCatalog("mr");
/** A Marathi message as the catalog has it (messages without arguments). */
function mr(key: string): string {
  const text = catalog.messages.get(key);
  if (text === undefined) throw new Error(`no Marathi message ${key}`);
  return text;
}

const PHONE = { width: 360, height: 740 };

/** The header's search input that shows at this width (inline from lg up, else under the search button). */
function headerInput(page: Page): Locator {
  return page.locator("header input[name=q]:visible");
}

/** The phone's search button (a `<summary>`), which opens the search panel under the header. */
function searchButton(page: Page): Locator {
  return page.locator("header summary").filter({ has: page.locator(".ps-search-icon") });
}

/** Opens the phone's search panel if there is one, and returns the header input, ready for keys. */
async function focusHeaderSearch(page: Page): Promise<Locator> {
  const button = searchButton(page);
  if (await button.isVisible()) {
    await hydrated(button);
    await button.click();
    const input = headerInput(page);
    // Opening the panel puts the caret in the box.
    await expect(input).toBeFocused();
    return input;
  }
  const input = await hydrated(headerInput(page));
  await input.click();
  return input;
}

async function firstUrl(request: APIRequestContext, q: string, kind: string, lang = "en"): Promise<string> {
  const response = await request.get(`/api/v1/search?${new URLSearchParams({ q, lang })}`, RESEND_ON_RESET);
  expect(response.status()).toBe(200);
  const result = (await response.json()) as SearchResult;
  const url = result.groups.find((group) => group.kind === kind)?.hits[0]?.url;
  if (!url) throw new Error(`no ${kind} hit for ${q}`);
  return url;
}

/** Screenshots to look at: written only when SEARCH_SCREENSHOTS names a folder. */
async function screenshot(page: Page, name: string) {
  const dir = process.env.SEARCH_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
}

test("the header box suggests as you type, and the keyboard opens a question at its anchor", async ({
  page,
  request,
}) => {
  await page.goto("/");
  const headerHeight = await page.locator("header").evaluate((header) => header.getBoundingClientRect().height);
  await focusHeaderSearch(page);
  await page.keyboard.type("quadratic");

  const combobox = page.getByRole("combobox", { name: "Search" });
  await expect(combobox).toHaveAttribute("aria-expanded", "true");
  const listbox = page.getByRole("listbox", { name: "Suggestions" });
  await expect(combobox).toHaveAttribute("aria-controls", (await listbox.getAttribute("id")) ?? "-");
  const questions = listbox.getByRole("group", { name: "Questions" });
  await expect(questions.getByRole("option").first()).toBeVisible();
  await expect(questions.locator("mark").first()).toHaveText(/quadratic/i);
  await expect(page.locator("header [role=status]")).toHaveText(/^\d+ results?\./);
  // The list lies over the page: the header keeps its height.
  expect(await page.locator("header").evaluate((header) => header.getBoundingClientRect().height)).toBe(headerHeight);

  // Down to the first question, then Enter.
  const ids = await listbox.getByRole("option").evaluateAll((options) => options.map((option) => option.id));
  const target = (await questions.getByRole("option").first().getAttribute("id")) ?? "-";
  for (let i = 0; i <= ids.indexOf(target); i++) await page.keyboard.press("ArrowDown");
  await expect(combobox).toHaveAttribute("aria-activedescendant", target);
  await expect(listbox.locator(`[id="${target}"]`)).toHaveAttribute("aria-selected", "true");
  await expect(combobox).toBeFocused();

  const url = await firstUrl(request, "quadratic", "question");
  expect(url).toMatch(/^\/maharashtra-board-[\w-]+\/[\w-]+#\w+$/);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(url);
  await expect(page.locator(`[id="${url.split("#")[1]}"]`)).toBeInViewport();
  await expect(listbox).toBeHidden();
});

test("Escape closes the list; Home, End and Enter move and choose; Enter alone searches", async ({ page }) => {
  await page.goto("/blogs");
  const input = await focusHeaderSearch(page);
  await page.keyboard.type("trigonometry");
  const combobox = page.getByRole("combobox", { name: "Search" });
  const listbox = page.getByRole("listbox", { name: "Suggestions" });
  await expect(listbox.getByRole("option").first()).toBeVisible();

  await page.keyboard.press("Escape");
  await expect(listbox).toBeHidden();
  await expect(combobox).toHaveAttribute("aria-expanded", "false");
  await expect(combobox).not.toHaveAttribute("aria-activedescendant");
  await expect(input).toHaveValue("trigonometry");

  // Down opens the list again without choosing; Down again highlights the first option.
  await page.keyboard.press("ArrowDown");
  await expect(combobox).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("ArrowDown");
  const options = listbox.getByRole("option");
  await expect(options.first()).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("End");
  const seeAll = listbox.getByRole("option", { name: "See all results for “trigonometry”" });
  await expect(seeAll).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Home");
  await expect(options.first()).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowUp");
  await expect(seeAll).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/search?q=trigonometry");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search");
  await expect(page.getByRole("heading", { name: /^Questions \d+ results?/ })).toBeVisible();

  // The page's own box is a combobox too; Enter with nothing highlighted runs the search.
  const pageBox = await hydrated(page.locator("main input[name=q]"));
  await expect(pageBox).toHaveValue("trigonometry");
  await pageBox.fill("");
  await pageBox.pressSequentially("pythagoras");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/search?q=pythagoras");
  await expect(page.getByText(/^\d+ results for “pythagoras”/)).toBeVisible();
  await expect(page.locator("main mark").first()).toHaveText(/pythagoras/i);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the header form and the search page's form search", async ({ page }) => {
    await page.goto("/");
    await headerInput(page).fill("quadratic equations");
    await headerInput(page).press("Enter");
    await expect(page).toHaveURL("/search?q=quadratic+equations");
    const questions = page.getByRole("region", { name: /^Questions \d+ results?/ });
    await expect(questions.getByRole("link").first()).toHaveAttribute("href", /#\w+$/);
    await expect(questions.locator("mark").first()).toHaveText(/quadratic|equation/i);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");

    await page.goto("/search");
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    await page.getByRole("link", { name: "Pythagoras theorem" }).click();
    await expect(page).toHaveURL("/search?q=Pythagoras+theorem");
    await expect(page.getByRole("heading", { name: /^Questions \d+ results?/ })).toBeVisible();
    await page.locator("main input[name=q]").fill("zzzqqqxyz");
    await page.locator("main input[name=q]").press("Enter");
    await expect(page.getByRole("heading", { name: "Nothing found for “zzzqqqxyz”" })).toBeVisible();
    await expect(page.getByText("Check the spelling.")).toBeVisible();
  });

  test("each group's heading counts all its matches, not only those listed", async ({ page, request }) => {
    const api = async (lang: string, q: string) => {
      const response = await request.get(
        `/api/v1/search?${new URLSearchParams({ q, lang, limit: "20" })}`,
        RESEND_ON_RESET,
      );
      const result = (await response.json()) as SearchResult;
      const group = result.groups.find((g) => g.kind === "question");
      if (!group) throw new Error(`no questions for ${q}`);
      return group;
    };
    // More questions than the page lists (20): the count is the whole group's.
    const equation = await api("en", "equation");
    expect(equation.total).toBeGreaterThan(equation.hits.length);
    await page.goto("/search?q=equation");
    await expect(
      page.getByRole("heading", {
        name: `Questions ${equation.total} results, the best ${equation.hits.length} shown`,
      }),
    ).toBeVisible();
    await expect(page.getByRole("region", { name: /^Questions / }).getByRole("listitem")).toHaveCount(
      equation.hits.length,
    );
    // A group that fits: just its count, in Marathi too. The first of a few narrow words whose group fits (the
    // question bank grows, issue 25).
    let fitting: { q: string; total: number } | undefined;
    for (const q of ["राजाम्ल", "पार्श्विक विस्थापन", "धातुविज्ञान", "अपस्करण"]) {
      const group = await api("mr", q).catch(() => undefined);
      if (group && group.total === group.hits.length) {
        fitting = { q, total: group.total };
        break;
      }
    }
    if (!fitting) throw new Error("no narrow Marathi search fits one page");
    const marathi = fitting;
    await page.goto(`/mr/search?q=${encodeURIComponent(marathi.q)}`);
    await expect(
      page.getByRole("heading", { name: `${mr("common.search.kind.question")} ${marathi.total} निकाल` }),
    ).toBeVisible();
  });

  test("on a Marathi phone, the search button opens the form", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/mr");
    await searchButton(page).click();
    await headerInput(page).fill("आम्ल");
    await headerInput(page).press("Enter");
    await expect(page).toHaveURL(`/mr/search?q=${encodeURIComponent("आम्ल")}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(mr("search.title"));
    const hit = page.locator("main li[lang=mr]").first();
    await expect(hit.getByRole("link")).toHaveAttribute("href", /^\/mr\//);
    await expect(hit.locator("mark").first()).toContainText("आम्ल");
  });
});

test("bad queries get a clear page, never a server error", async ({ page }) => {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });

  let response = await page.goto("/search");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "What do you want to find?" })).toBeVisible();

  response = await page.goto("/search?q=algebra&q=geometry");
  expect(response?.status()).toBe(400);
  await expect(page.getByRole("alert")).toHaveText(
    "This link has more than one search in it. Use one search box at a time.",
  );
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");

  response = await page.goto(`/search?q=${"a".repeat(1000)}`);
  expect(response?.status()).toBe(400);
  await expect(page.getByRole("alert")).toHaveText("Your search is too long. Use at most 200 characters.");

  response = await page.goto("/mr/search?q=a&q=b");
  expect(response?.status()).toBe(400);
  await expect(page.getByRole("alert")).toHaveText(mr("search.problem.repeated"));

  for (const q of ["'; drop table users; --", "<script>alert(1)</script>", "!!!", "&|:*", "\u0000", "\ud800x"]) {
    response = await page.goto(`/search?${new URLSearchParams({ q })}`);
    expect(response?.status(), q).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search");
  }
  // Shown as text, never run.
  await page.goto(`/search?${new URLSearchParams({ q: "<img src=x onerror=alert(1)>" })}`);
  await expect(page.getByText(/(results for|Nothing found for) “<img src=x onerror=alert\(1\)>”/)).toBeVisible();
  await expect(page.locator("main img")).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

for (const locale of ["en", "mr"] as const) {
  for (const [size, viewport] of [
    ["360 px", PHONE],
    ["desktop", { width: 1280, height: 800 }],
  ] as const) {
    test(`axe: the search page and the open combobox, ${locale}, ${size}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const at = (path: string) => (locale === "mr" ? `/mr${path}` : path);
      const name = `${locale}-${viewport.width}`;

      await page.goto(at("/search"));
      await expectNoViolations(page, `${name} search prompt`);
      await screenshot(page, `search-prompt-${name}`);

      const q = locale === "mr" ? "बीजगणित" : "algebra";
      await page.goto(at(`/search?q=${encodeURIComponent(q)}`));
      await expect(page.locator("main mark").first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectNoViolations(page, `${name} search results`);
      await screenshot(page, `search-results-${name}`);

      await page.goto(at("/search?q=a&q=b"));
      await expectNoViolations(page, `${name} search problem`);

      await page.goto(at("/"));
      await focusHeaderSearch(page);
      await page.keyboard.type(q);
      const listbox = page.getByRole("listbox");
      await expect(listbox.getByRole("option").first()).toBeVisible();
      await page.keyboard.press("ArrowDown");
      await expect(listbox.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectNoViolations(page, `${name} open combobox`);
      await screenshot(page, `search-combobox-${name}`);
    });
  }
}
