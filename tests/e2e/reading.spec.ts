import type { Page } from "@playwright/test";
import { subjectByKey, subjectPath } from "../../domain/subjects.ts";
import { fillSignIn, uniqueAccount } from "./support/accounts.ts";
import { hydrated } from "./support/hydration.ts";
import { expect, RESEND_ON_RESET, test } from "./support/test.ts";

/**
 * The reading follows the account (issue 26, decision 029): a page read in one browser is where the viewer
 * reopens the paper in another after sign-in, whose home page lists the paper under the papers opened last;
 * the medium chosen in the first (on the home page's form, with JavaScript) comes with the sign-in too.
 */
const MATH_1 = subjectPath(subjectByKey("math_1"));

function viewer(page: Page) {
  return page.getByRole("dialog", { name: /(question paper|solution)$/ });
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

test("a page read in one browser is where the viewer reopens the paper in another, listed on its home page", async ({
  page,
  browser,
  baseURL,
  extraHTTPHeaders,
}, testInfo) => {
  test.slow();
  const account = uniqueAccount(testInfo);
  const signUp = await page.request.post("/api/v1/signup", {
    ...RESEND_ON_RESET,
    data: { ...account, role: 1 },
    headers: { Origin: baseURL ?? "" },
  });
  expect(signUp.status()).toBe(201);

  // The first browser: English medium chosen on the home page's form, the listing's first paper, on to page 2.
  await page.goto("/");
  const form = page.getByRole("form", { name: "Find your question papers" });
  await form.getByLabel("Medium").selectOption("english");
  await form.getByLabel("Subject").selectOption("math_1");
  await (await hydrated(form.getByRole("button", { name: "Submit" }))).click();
  await expect(page).toHaveURL(MATH_1);
  const paper = page.locator("li[data-paper-id]").first();
  const id = await paper.getAttribute("data-paper-id");
  await (await hydrated(paper.getByRole("link", { name: /^Q Paper/ }))).click();
  await expect(viewer(page).locator('[data-page="1"] canvas')).toBeVisible();
  const box = viewer(page).getByRole("textbox", { name: /Page number/ });
  await box.fill("2");
  await box.press("Enter");
  await expect.poll(() => pageAtTop(page)).toBe(2);
  const saved = page.waitForResponse(
    (r) => r.url().endsWith("/api/v1/me/reading") && r.request().method() === "PUT" && r.status() === 204,
  );
  await viewer(page).getByRole("button", { name: "Close" }).click();
  expect((await saved).request().postDataJSON()).toEqual({ paper: `/papers/${id}/question.pdf`, page: 2 });

  // Another browser, as a school computer would be: nothing of the first but the account.
  const other = await browser.newContext({ baseURL, extraHTTPHeaders });
  try {
    const second = await other.newPage();
    await second.goto("/login");
    await (await hydrated(second.getByRole("tab", { name: "Sign In" }))).click();
    await fillSignIn(second, account.email, account.password);
    await expect(second).toHaveURL("/");
    expect((await other.cookies()).find((c) => c.name === "medium")?.value).toBe("english");

    const opened = second.getByRole("region", { name: "Last papers opened" });
    await expect(opened.getByRole("listitem")).toHaveCount(1);
    await expect(opened).toContainText("Mathematics 1, ");
    await expect(opened).toContainText("Question paper, page 2");
    await opened.getByRole("link").click();
    await expect(second).toHaveURL(`${MATH_1}?paper=${id}&kind=question`);
    const secondBox = viewer(second).getByRole("textbox", { name: /Page number/ });
    await expect(secondBox).toHaveValue("2");
    await expect.poll(() => pageAtTop(second)).toBe(2);
    await expect(viewer(second).locator('[data-page="2"] canvas')).toBeVisible();
  } finally {
    await other.close();
  }
});
