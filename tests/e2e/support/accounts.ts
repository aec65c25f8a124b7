import type { Page, TestInfo } from "@playwright/test";
import { expect, RESEND_ON_RESET } from "./test.ts";

/** A sign-up that no other test (or earlier run against the same server) uses. */
export function uniqueAccount(testInfo: TestInfo) {
  const stamp = `${testInfo.workerIndex}${Date.now().toString().slice(-7)}${testInfo.retry}`.slice(-8);
  return {
    name: "Asha Patil",
    email: `asha.${stamp}@example.com`,
    phone: `98${stamp}`,
    password: "mangoes-in-may-2026",
    // Decision 028: an API sign-up that says it is 18 or older is not asked again (the forms ask for themselves).
    under_18: false,
  };
}

/** Fills and sends the sign-up form (the same with and without JavaScript). */
export async function fillSignUp(page: Page, account: ReturnType<typeof uniqueAccount>) {
  const form = page.getByRole("form", { name: "Sign up" });
  await form.getByLabel("Name").fill(account.name);
  await form.getByLabel("Phone number").fill(account.phone);
  await form.getByLabel("Email", { exact: true }).fill(account.email);
  await form.getByLabel("I am a").selectOption("Student");
  // Decision 028: every sign-up says whether the person is under 18.
  await form.getByLabel("No, I am 18 or older").check();
  await form.getByLabel("Password", { exact: true }).fill(account.password);
  await form.getByRole("button", { name: "Sign Up" }).click();
}

/** Fills and sends the sign-in form; the Sign In tab must be open. */
export async function fillSignIn(page: Page, who: string, password: string) {
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Phone number or email").fill(who);
  await form.getByLabel("Password", { exact: true }).fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
}

/** A new account, signed in through the API in the page's browser context (its session cookie). */
export async function signUpViaApi(page: Page, baseURL: string | undefined, testInfo: TestInfo) {
  const response = await page.request.post("/api/v1/signup", {
    ...RESEND_ON_RESET,
    data: { ...uniqueAccount(testInfo), role: 1 },
    headers: { Origin: baseURL ?? "" },
  });
  expect(response.status(), await response.text()).toBe(201);
}
