import type { Page, TestInfo } from "@playwright/test";
import { signUpViaApi } from "./support/accounts.ts";
import { expectNoViolations } from "./support/axe.ts";
import { hydrated } from "./support/hydration.ts";
import { expect, test } from "./support/test.ts";

/** "Report a problem" (issue 15) on a phone: from a paper to the report page, sent, and thanked. */
const SUBJECT = "/maharashtra-board-math-1-question-papers";
const PAPER = `${SUBJECT}/math-1-model-1`;

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

/** axe, the width check, and a full-page screenshot in the test's output to look at. */
async function checkPage(page: Page, testInfo: TestInfo, name: string) {
  // With the page's fonts in place: the Devanagari font changes line heights, and so the targets' sizes.
  await page.evaluate(() => document.fonts.ready);
  // From the top: the thanks page scrolls to its message, and the sticky header then covers part of the
  // breadcrumb's links, which axe counts against their size (CI saw it once on the Marathi thanks page).
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectNoViolations(page, name);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} fits 360 px`).toBeLessThanOrEqual(
    360,
  );
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

test("a visitor reports a mistake in a model paper's answer and is thanked", async ({ page }, testInfo) => {
  await page.goto(PAPER);
  await (await hydrated(page.getByRole("link", { name: "Report a problem", exact: true }))).click();
  await expect(page).toHaveURL("/report?paper=math-1-model-1");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Report a problem");
  await expect(page.getByText("Algebra: Model Paper 1")).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Which question? (optional)" })).toHaveValue("");
  await checkPage(page, testInfo, "en-form");

  // Sent without a reason: the form says what to fix, and keeps what was typed.
  const message = "The answer to Q.2 (A) (1) should be 7 <b>not 5</b>";
  await page.getByRole("textbox", { name: "Tell us more (optional)" }).fill(message);
  await expect(page.getByText(`${message.length} of 1,000 characters`)).toBeVisible();
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please correct the fields marked below.");
  await expect(page.getByText("Choose what is wrong with the paper")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Tell us more (optional)" })).toHaveValue(message);
  await checkPage(page, testInfo, "en-error");

  await page.getByRole("radio", { name: "A mistake in a solution" }).check();
  await page.getByRole("combobox", { name: "Which question? (optional)" }).selectOption("Q2(A)(1)");
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByRole("heading", { name: "Thank you!" })).toBeFocused();
  await expect(page.getByText(message)).toHaveCount(0);
  await checkPage(page, testInfo, "en-thanks");
  await page.getByRole("link", { name: "Back to the paper" }).click();
  await expect(page).toHaveURL(PAPER);
});

test("a link that names a question chooses it", async ({ page }, testInfo) => {
  await page.goto(PAPER);
  await checkPage(page, testInfo, "en-paper");
  // By the item's id, as the paper page's items are named, or by the label a report stores.
  await page.goto("/report?paper=math-1-model-1&question=q1a2");
  await expect(page.getByRole("combobox", { name: "Which question? (optional)" })).toHaveValue("Q1(A)(2)");
  await page.goto(`/report?paper=math-1-model-1&question=${encodeURIComponent("Q3(B)(2)")}`);
  await expect(page.getByRole("combobox", { name: "Which question? (optional)" })).toHaveValue("Q3(B)(2)");
});

test("a paper in the subject listing has its own report link", async ({ page }, testInfo) => {
  await page.goto(`${SUBJECT}?medium=english`);
  await checkPage(page, testInfo, "en-subject");
  const paper = page.locator("[data-paper-id]").first();
  const id = await paper.getAttribute("data-paper-id");
  await paper.getByRole("link", { name: /^Report a problem ?: / }).click();
  await expect(page).toHaveURL(`/report?paper=${id}`);
  await expect(page.getByText(/^Mathematics 1, (March|July) \d{4}$/)).toBeVisible();
  await expect(page.getByRole("combobox")).toHaveCount(0);
  await page.getByRole("radio", { name: "Pages missing or unreadable" }).check();
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByRole("heading", { name: "Thank you!" })).toBeVisible();
  await checkPage(page, testInfo, "en-board-thanks");
});

test("the paper viewer links to the report page", async ({ page, baseURL }, testInfo) => {
  await signUpViaApi(page, baseURL, testInfo);
  await page.goto(`${SUBJECT}?medium=english`);
  const paper = page.locator("[data-paper-id]").first();
  const id = await paper.getAttribute("data-paper-id");
  await (await hydrated(paper.getByRole("link", { name: /^Q Paper/ }))).click();
  const viewer = page.getByRole("dialog");
  const report = viewer.getByRole("link", { name: "Report a problem" });
  await expect(report).toHaveAttribute("href", `/report?paper=${id}`);
  await expect(viewer.getByRole("button", { name: "Close" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: testInfo.outputPath("en-viewer.png") });
  await report.click();
  await expect(page).toHaveURL(`/report?paper=${id}`);
  await expect(page.getByText("The report is sent from your account.")).toBeVisible();
});

test("the same in Marathi", async ({ page }, testInfo) => {
  await page.goto(`/mr${PAPER}`);
  await (await hydrated(page.getByRole("link", { name: "समस्या कळवा", exact: true }))).click();
  await expect(page).toHaveURL("/mr/report?paper=math-1-model-1");
  await expect(page.locator("html")).toHaveAttribute("lang", "mr");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("समस्या कळवा");
  await checkPage(page, testInfo, "mr-form");
  await page.getByRole("radio", { name: "उत्तरात चूक आहे" }).check();
  await page.getByRole("combobox", { name: "कोणता प्रश्न? (ऐच्छिक)" }).selectOption("Q1(B)(1)");
  await page.getByRole("textbox", { name: "आणखी माहिती लिहा (ऐच्छिक)" }).fill("उत्तर चुकीचे आहे");
  await expect(page.getByText("1,000 पैकी 16 अक्षरे")).toBeVisible();
  await page.getByRole("button", { name: "समस्या पाठवा" }).click();
  await expect(page.getByRole("heading", { name: "धन्यवाद!" })).toBeFocused();
  await checkPage(page, testInfo, "mr-thanks");
  await page.getByRole("link", { name: "प्रश्नपत्रिकेकडे परत जा" }).click();
  await expect(page).toHaveURL(`/mr${PAPER}`);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form still sends and thanks", async ({ page }) => {
    await page.goto("/report?paper=math-1-model-1&question=q2a1");
    await expect(page.getByRole("combobox", { name: "Which question? (optional)" })).toHaveValue("Q2(A)(1)");
    // No live count without the script: the limit is the field's own maxlength.
    await expect(page.getByText(/of 1,000 characters/)).toHaveCount(0);
    await expect(page.getByRole("textbox", { name: "Tell us more (optional)" })).toHaveAttribute("maxlength", "1000");
    await page.getByRole("radio", { name: "Something else" }).check();
    await page.getByRole("button", { name: "Send report" }).click();
    await expect(page.getByRole("heading", { name: "Thank you!" })).toBeVisible();
  });
});
