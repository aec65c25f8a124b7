import type { ReceivedMail } from "../support/smtp.ts";
import { uniqueAccount } from "./support/accounts.ts";
import { hydrated } from "./support/hydration.ts";
import { look } from "./support/look.ts";
import { startMailingAppForSpec } from "./support/mailing-app.ts";
import { expect, RESEND_ON_RESET, test } from "./support/test.ts";

/**
 * A new email for the account (issue 26), as a student lives it on a 360 px phone in Marathi: asked for on
 * /mr/profile, confirmed from the email that arrives at the new address (through a real SMTP server started here)
 * on /mr/confirm-email, shown on the profile; then "sign out everywhere" ends this phone's sign-in and another's.
 */
const mailing = startMailingAppForSpec();

/** The confirmation link's path and query in a message's text. */
function confirmLink(mail: ReceivedMail): string {
  const link = mail.text.match(/https?:\/\/[^/\s]+(\/mr\/confirm-email\?token=[A-Za-z0-9_-]{43})/)?.[1];
  if (!link) throw new Error(`no confirmation link in: ${mail.text}`);
  return link;
}

test.describe("on a 360 px phone, in Marathi", () => {
  test.use({ viewport: { width: 360, height: 780 }, hasTouch: true, isMobile: true });

  test("a new email, confirmed from its mail, shows on the profile; then signed out everywhere", async ({
    page,
    browser,
  }, testInfo) => {
    const app = mailing.app();
    const smtp = mailing.smtp();
    const account = { ...uniqueAccount(testInfo), under_18: false };
    const newEmail = account.email.replace("asha.", "asha.new.");
    const signup = await page.request.post(`${app.url}/api/v1/signup`, {
      ...RESEND_ON_RESET,
      data: { ...account, role: 1, lang: "mr" },
      headers: { Origin: app.url },
    });
    expect(signup.status(), await signup.text()).toBe(201);
    // The same student signed in on another phone too.
    const other = await browser.newContext();
    const signIn = await other.request.post(`${app.url}/api/v1/login`, {
      ...RESEND_ON_RESET,
      data: { email_or_phone: account.phone, password: account.password },
      headers: { Origin: app.url },
    });
    expect(signIn.status(), await signIn.text()).toBe(200);
    expect((await (await other.request.get(`${app.url}/api/v1/me`)).json()).data).toMatchObject({ name: account.name });

    await page.goto(`${app.url}/mr/profile`);
    const contact = page.getByRole("region", { name: "ईमेल आणि मोबाइल नंबर" });
    const emailForm = contact.locator("form").filter({ has: page.getByLabel("नवीन ईमेल") });
    await (await hydrated(emailForm.getByLabel("नवीन ईमेल"))).fill(newEmail);
    // Without the password: the field says so in Marathi (issue 26's English message on a Marathi page).
    await emailForm.getByRole("button", { name: "नवीन ईमेलवर लिंक पाठवा" }).click();
    await expect(emailForm.getByText("कृपया तुमचा पासवर्ड लिहा")).toBeVisible();
    await emailForm.getByLabel("तुमचा पासवर्ड").fill(account.password);
    await emailForm.getByRole("button", { name: "नवीन ईमेलवर लिंक पाठवा" }).click();
    await expect(contact.getByRole("status")).toContainText(`${newEmail} वर आम्ही लिंक पाठवली आहे`);
    await look(page, testInfo, "mr-email-change-sent", 360);

    const mail = await smtp.next(newEmail);
    expect(mail.subject).toBe("PaperStation साठी तुमचा नवीन ईमेल पक्का करा");
    await page.goto(`${app.url}${confirmLink(mail)}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("तुमचा नवीन ईमेल पक्का करा");
    await look(page, testInfo, "mr-confirm-email", 360);
    await page.getByRole("button", { name: "ईमेल पक्का करा" }).click();
    await expect(page.getByRole("status")).toContainText("तुमच्या खात्याचा ईमेल बदलला आहे");
    // The old address is told.
    expect((await smtp.next(account.email)).subject).toBe("तुमचा PaperStation ईमेल बदलला आहे");

    await page.getByRole("status").getByRole("link", { name: "तुमचे खाते" }).click();
    await expect(page).toHaveURL(`${app.url}/mr/profile`);
    await expect(page.getByText(newEmail, { exact: true })).toBeVisible();
    await expect(page.getByText(account.email, { exact: true })).toHaveCount(0);

    await (await hydrated(page.getByRole("button", { name: "सगळीकडून लॉग आउट करा" }))).click();
    await expect(page).toHaveURL(`${app.url}/mr/login?tab=sign_in`);
    await look(page, testInfo, "mr-signed-out-everywhere", 360);
    // Neither this phone nor the other is signed in any more (a visitor's /me is 200 with no user).
    for (const request of [page.request, other.request]) {
      expect((await (await request.get(`${app.url}/api/v1/me`)).json()).data).toBeNull();
    }
    await page.goto(`${app.url}/mr/profile`);
    await expect(page).toHaveURL(/\/mr\/login/);
    await other.close();
  });
});
