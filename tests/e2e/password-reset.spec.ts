import type { Page, TestInfo } from "@playwright/test";
import { resetToken } from "../support/smtp.ts";
import { uniqueAccount } from "./support/accounts.ts";
import { hydrated } from "./support/hydration.ts";
import { look } from "./support/look.ts";
import { startMailingAppForSpec } from "./support/mailing-app.ts";
import { expect, RESEND_ON_RESET, test } from "./support/test.ts";

/**
 * A forgotten password (issue 26), as a student lives it: from the sign-in card to the email (through a real SMTP
 * server started here) and back in with a new password; on a 360 px phone in Marathi with JavaScript, and at
 * desktop width in English without it.
 */
const mailing = startMailingAppForSpec();

async function signUp(page: Page, testInfo: TestInfo) {
  const account = uniqueAccount(testInfo);
  const response = await page.request.post(`${mailing.app().url}/api/v1/signup`, {
    ...RESEND_ON_RESET,
    data: { ...account, role: 1 },
    headers: { Origin: mailing.app().url },
  });
  expect(response.status(), await response.text()).toBe(201);
  // Signed out again: the student is on another phone.
  await page.context().clearCookies();
  return account;
}

test.describe("on a 360 px phone, in Marathi", () => {
  test.use({ viewport: { width: 360, height: 780 }, hasTouch: true, isMobile: true });

  test("from the sign-in card to the email and back in with a new password", async ({ page }, testInfo) => {
    const account = await signUp(page, testInfo);
    await page.goto(`${mailing.app().url}/mr/login?tab=sign_in`);
    await (await hydrated(page.getByRole("link", { name: "पासवर्ड विसरलात?" }))).click();
    await expect(page).toHaveURL(`${mailing.app().url}/mr/forgot-password`);
    await page.getByLabel("मोबाइल नंबर किंवा ईमेल").fill(account.phone);
    await page.getByRole("button", { name: "लिंक पाठवा" }).click();
    await expect(page.getByRole("status")).toContainText("त्याच्या ईमेलवर आम्ही लिंक पाठवली आहे");
    await look(page, testInfo, "mr-forgot-sent", 360);

    const mail = await mailing.smtp().next(account.email);
    expect(mail.subject).toBe("PaperStation साठी नवीन पासवर्ड ठेवा");
    await page.goto(`${mailing.app().url}/mr/reset-password?token=${resetToken(mail)}`);
    await look(page, testInfo, "mr-reset-form", 360);
    await page.getByLabel("नवीन पासवर्ड", { exact: true }).fill("rainy-june-2027");
    await page.getByLabel("नवीन पासवर्ड पुन्हा लिहा").fill("rainy-june-2028");
    await page.getByRole("button", { name: "नवीन पासवर्ड जतन करा" }).click();
    await expect(page.getByText("दोन्ही पासवर्ड सारखे नाहीत")).toBeVisible();
    await page.getByLabel("नवीन पासवर्ड", { exact: true }).fill("rainy-june-2027");
    await page.getByLabel("नवीन पासवर्ड पुन्हा लिहा").fill("rainy-june-2027");
    await page.getByRole("button", { name: "नवीन पासवर्ड जतन करा" }).click();
    await expect(page.getByRole("status")).toContainText("तुमचा पासवर्ड बदलला आहे");
    await look(page, testInfo, "mr-reset-done", 360);

    await page.getByRole("link", { name: "लॉग इन", exact: true }).last().click();
    const form = page.getByRole("form", { name: "लॉग इन" });
    await form.getByLabel("मोबाइल नंबर किंवा ईमेल").fill(account.email);
    await form.getByLabel("पासवर्ड", { exact: true }).fill("rainy-june-2027");
    await form.getByRole("button", { name: "लॉग इन" }).click();
    await expect(page).toHaveURL(`${mailing.app().url}/mr`);
    const me = await page.request.get(`${mailing.app().url}/api/v1/me`);
    expect((await me.json()).data).toMatchObject({ name: account.name });
  });
});

test.describe("at desktop width, in English, without JavaScript", () => {
  test.use({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });

  test("the same flow with plain forms, and a used link says to ask again", async ({ page }, testInfo) => {
    const account = await signUp(page, testInfo);
    await page.goto(`${mailing.app().url}/login?tab=sign_in`);
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.getByLabel("Phone number or email").fill(account.email);
    await page.getByRole("button", { name: "Send the link" }).click();
    await expect(page.getByRole("status")).toContainText("we have sent a link to its email");
    await look(page, testInfo, "en-forgot-sent", 1280, false);

    const link = `${mailing.app().url}/reset-password?token=${resetToken(await mailing.smtp().next(account.email))}`;
    await page.goto(link);
    await page.getByLabel("New password", { exact: true }).fill("rainy-june-2027");
    await page.getByLabel("New password again").fill("rainy-june-2027");
    await page.getByRole("button", { name: "Save the new password" }).click();
    await expect(page.getByRole("status")).toContainText("Your password has been changed");
    await look(page, testInfo, "en-reset-done", 1280, false);

    await page.goto(link);
    await expect(page.getByRole("alert")).toContainText("This link has expired or was already used");
    await page.getByRole("link", { name: "Ask for a new link" }).click();
    await expect(page).toHaveURL(`${mailing.app().url}/forgot-password`);
  });
});
