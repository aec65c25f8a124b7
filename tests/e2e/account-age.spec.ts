import { fillSignIn, uniqueAccount } from "./support/accounts.ts";
import { hydrated } from "./support/hydration.ts";
import { expect, RESEND_ON_RESET, test } from "./support/test.ts";

/**
 * Decision 028, amended 2026-11-29, and the account's language (issue 26) in the browser: an account whose age is
 * unknown (an API sign-up without `under_18`) is asked before its page, on a 360 px phone in Marathi and without
 * JavaScript; a sign-in from an English page goes on in the account's Marathi.
 */
test.describe("on a 360 px phone, in Marathi", () => {
  test.use({ viewport: { width: 360, height: 780 }, hasTouch: true, isMobile: true });

  test("an account of unknown age is asked first, then goes on to its page", async ({ page, baseURL }, testInfo) => {
    const { under_18: _, ...account } = uniqueAccount(testInfo);
    const signUp = await page.request.post("/api/v1/signup", {
      ...RESEND_ON_RESET,
      data: { ...account, role: 1, lang: "mr" },
      headers: { Origin: baseURL ?? "" },
    });
    expect(signUp.status()).toBe(201);
    await page.goto("/mr/progress");
    await expect(page).toHaveURL(/\/mr\/age\?redirectTo=%2Fmr%2Fprogress$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("पुढे जाण्यापूर्वी एक प्रश्न");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByLabel("नाही, माझे वय 18 किंवा अधिक आहे").check();
    await (await hydrated(page.getByRole("button", { name: "पुढे चला" }))).click();
    await expect(page).toHaveURL(/\/mr\/progress$/);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the question works as a plain form, and says what is missing", async ({ page, baseURL }, testInfo) => {
    const { under_18: _, ...account } = uniqueAccount(testInfo);
    const signUp = await page.request.post("/api/v1/signup", {
      ...RESEND_ON_RESET,
      data: { ...account, role: 1 },
      headers: { Origin: baseURL ?? "" },
    });
    expect(signUp.status()).toBe(201);
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/age\?redirectTo=%2Fprofile$/);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Say whether you are under 18")).toBeVisible();
    await page.getByLabel("No, I am 18 or older").check();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByLabel("Language")).toHaveValue("en");
  });
});

test("a sign-in on an English page goes on in the account's Marathi", async ({ page, baseURL }, testInfo) => {
  const account = uniqueAccount(testInfo);
  const signUp = await page.request.post("/api/v1/signup", {
    ...RESEND_ON_RESET,
    data: { ...account, role: 1, lang: "mr" },
    headers: { Origin: baseURL ?? "" },
  });
  expect(signUp.status()).toBe(201);
  await page.context().clearCookies();
  await page.goto("/login?tab=sign_in&redirectTo=%2Fprogress");
  await hydrated(page.getByRole("button", { name: "Sign In" }));
  await fillSignIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/mr\/progress$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "mr");
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === "ps_lang")?.value).toBe("mr");
});
