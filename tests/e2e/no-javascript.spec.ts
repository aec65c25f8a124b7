/**
 * A phone that has not loaded the scripts yet, or has JavaScript off (issue 10): sign-up, sign-out,
 * sign-in and opening a paper all work as plain HTML forms and links, and no password ever lands in
 * a URL (the address bar, history or the server's request log).
 */
import type { Page } from "@playwright/test";
import { MESSAGES } from "../../domain/auth-rules.ts";
import { subjectPath } from "../../domain/subjects.ts";
import { fillSignIn, fillSignUp, uniqueAccount } from "./support/accounts.ts";
import { expect, test } from "./support/test.ts";

test.use({ javaScriptEnabled: false });

/** Every URL the browser requested or showed during the test. */
function visitedUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => urls.push(request.url()));
  page.on("framenavigated", (frame) => urls.push(frame.url()));
  return urls;
}

test("sign up, sign out, sign in and open a paper without JavaScript", async ({ page }, testInfo) => {
  const account = uniqueAccount(testInfo);
  const urls = visitedUrls(page);

  await page.goto("/login");
  await fillSignUp(page, account);
  await expect(page).toHaveURL("/");
  const header = page.locator("header nav").last();
  await expect(header.getByRole("button", { name: "Logout" })).toBeVisible();

  await header.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL("/");
  await expect(header.getByRole("link", { name: "Login" })).toBeVisible();

  // The Sign In tab is a link without JavaScript.
  await page.goto("/login");
  await page.getByRole("tab", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/login\?tab=sign_in$/);
  await fillSignIn(page, account.email, "not my password");
  await expect(page.getByRole("alert")).toHaveText(MESSAGES.invalidCredentials);
  await expect(page.getByLabel("Phone number or email")).toHaveValue(account.email);
  await fillSignIn(page, account.email, account.password);
  await expect(page).toHaveURL("/");

  // Signed in, a paper's link opens the PDF itself.
  await page.goto(subjectPath({ slug: "math-1" }));
  await expect(page.getByText("Tap a paper to open it.")).toBeVisible();
  const link = page.getByRole("link", { name: /^Q Paper/ }).first();
  const href = await link.getAttribute("href");
  const pdf = page.waitForResponse((response) => response.url().endsWith(href ?? "-"));
  await link.click().catch(() => undefined); // Chromium may hand a PDF to its downloader
  const response = await pdf;
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");

  for (const url of urls) {
    expect(url).not.toContain(encodeURIComponent(account.password));
    expect(url).not.toContain(account.password);
    expect(url).not.toMatch(/password=/i);
  }
});

test("the forms show the same messages without JavaScript", async ({ page }) => {
  await page.goto("/login");
  const signUp = page.getByRole("form", { name: "Sign up" });
  await signUp.getByLabel("Email", { exact: true }).fill("not-an-email");
  await signUp.getByLabel("Password", { exact: true }).fill("short");
  await signUp.getByRole("button", { name: "Sign Up" }).click();
  await expect(signUp.getByText(MESSAGES.nameRequired)).toBeVisible();
  await expect(signUp.getByText(MESSAGES.phoneDigits)).toBeVisible();
  await expect(signUp.getByText(MESSAGES.invalidEmail)).toBeVisible();
  await expect(signUp.getByText(MESSAGES.shortPassword)).toBeVisible();
  await expect(signUp.getByText("Say whether you are under 18")).toBeVisible();
  await expect(signUp.getByLabel("Email", { exact: true })).toHaveValue("not-an-email");

  await page.goto("/login?tab=sign_in");
  const signIn = page.getByRole("form", { name: "Sign in" });
  await signIn.getByLabel("Phone number or email").fill("12345");
  await signIn.getByRole("button", { name: "Sign In" }).click();
  await expect(signIn.getByText(MESSAGES.emailOrPhoneInvalid)).toBeVisible();
});

test.describe("on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the menu opens without JavaScript", async ({ page }) => {
    await page.goto("/");
    const about = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About Us" });
    await expect(about).toBeHidden();
    await page.locator("header summary", { hasText: "Menu" }).click();
    await expect(about).toBeVisible();
    await about.click();
    await expect(page).toHaveURL("/about-us");
  });
});

test("practise a model paper without JavaScript: start, finish, one marks form, result and progress", async ({
  page,
}, testInfo) => {
  await page.goto("/login");
  await fillSignUp(page, uniqueAccount(testInfo));
  await expect(page).toHaveURL("/");

  await page.goto("/practice/new?paper=math-1-model-1");
  await page.getByRole("button", { name: /^Start/ }).click();
  await expect(page).toHaveURL(/\/practice\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("countdown")).toBeVisible();
  // Without JavaScript the Finish button is the confirmation.
  await page.getByRole("button", { name: "Finish" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Check your answers");

  // Every item's marking points are one form of checkboxes, posted with 'See my result'.
  const tick = async (item: string, indices: number[]) => {
    for (const i of indices) await page.locator(`input[name="point:${item}"][value="${i}"]`).check();
  };
  await tick("q1a1", [0]);
  await tick("q2a1", [0, 1, 2]);
  await tick("q2a2", [0, 1, 2, 3]);
  await tick("q2a3", [0]);
  await page.getByRole("button", { name: "See my result" }).click();
  // Q.2 (A) counts its best two: 2 + 1.5.
  await expect(page.getByTestId("result-score")).toHaveText("4.5 / 40");

  await page.goto("/progress");
  await expect(page.locator('[data-subject="math_1"]')).toContainText("11.3%");
});
