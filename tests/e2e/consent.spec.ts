import type { Page } from "@playwright/test";
import type { ReceivedMail } from "../support/smtp.ts";
import { uniqueAccount } from "./support/accounts.ts";
import { hydrated } from "./support/hydration.ts";
import { look } from "./support/look.ts";
import { startMailingAppForSpec } from "./support/mailing-app.ts";
import { expect, test } from "./support/test.ts";

/**
 * A parent's consent (issue 26, decision 028), as a family lives it: a student under 18 signs up, the parent gets
 * the email (through a real SMTP server started here), reads the notice and agrees, and follows the child's
 * progress; on a 360 px phone in Marathi with JavaScript, and at desktop width in English without it, where the
 * parent also declines one sign-up and withdraws consent for another.
 */
const mailing = startMailingAppForSpec();
const app = () => mailing.app();
const smtp = () => mailing.smtp();

const consentLink = (mail: ReceivedMail) => {
  const link = mail.text.match(/https?:\/\/\S+\/parent-consent\?token=[A-Za-z0-9_-]{43}/)?.[0];
  if (!link) throw new Error(`no consent link in: ${mail.text}`);
  return link.replace(/^https?:\/\/[^/]+/, app().url);
};

/** A parent's email and a phone number of their own, unused by the other tests. */
function parentOf(child: ReturnType<typeof uniqueAccount>) {
  return { email: child.email.replace("asha.", "parent."), phone: `7${child.phone.slice(1)}`, name: "Sunita Patil" };
}

interface SignUpLabels {
  form: string;
  name: string;
  phone: string;
  email: string;
  under18: string;
  parentEmail: string;
  password: string;
  submit: string;
}

async function fillChildSignUp(page: Page, child: ReturnType<typeof uniqueAccount>, labels: SignUpLabels) {
  const form = page.getByRole("form", { name: labels.form });
  await form.getByLabel(labels.name, { exact: true }).fill(child.name);
  await form.getByLabel(labels.phone, { exact: true }).fill(child.phone);
  await form.getByLabel(labels.email, { exact: true }).fill(child.email);
  await form.getByLabel(labels.under18).check();
  await form.getByLabel(labels.parentEmail).fill(parentOf(child).email);
  await form.getByLabel(labels.password, { exact: true }).fill(child.password);
  await form.getByRole("button", { name: labels.submit }).click();
}

test.describe("on a 360 px phone, in Marathi", () => {
  test.use({ viewport: { width: 360, height: 780 }, hasTouch: true, isMobile: true });

  test("a student under 18 signs up, the parent agrees and sees the progress", async ({ page }, testInfo) => {
    const child = uniqueAccount(testInfo);
    const parent = parentOf(child);
    await page.goto(`${app().url}/mr/login`);
    await hydrated(page.getByRole("button", { name: "खाते उघडा" }));
    await fillChildSignUp(page, child, {
      form: "खाते उघडा",
      name: "नाव",
      phone: "मोबाइल नंबर",
      email: "ईमेल",
      under18: "हो, माझे वय 18 पेक्षा कमी आहे",
      parentEmail: "तुमच्या पालकांचा ईमेल",
      password: "पासवर्ड",
      submit: "खाते उघडा",
    });
    await expect(page.getByRole("status")).toContainText("आम्ही तुमच्या पालकांना");
    await look(page, testInfo, "mr-consent-asked", 360);

    // Before the parent agrees, signing in says why and mails the parent again only after 10 minutes.
    await page.getByRole("tab", { name: "लॉग इन" }).click();
    const signIn = page.getByRole("form", { name: "लॉग इन" });
    await signIn.getByLabel("मोबाइल नंबर किंवा ईमेल").fill(child.email);
    await signIn.getByLabel("पासवर्ड", { exact: true }).fill(child.password);
    await signIn.getByRole("button", { name: "लॉग इन" }).click();
    await expect(signIn.getByRole("alert")).toContainText("तुमच्या पालकांनी अजून संमती दिलेली नाही");

    const mail = await smtp().next(parent.email);
    expect(mail.subject).toBe(`${child.name} PaperStation वापरण्यासाठी तुमची संमती मागत आहे`);
    await page.context().clearCookies();
    await page.goto(consentLink(mail));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("पालकांची संमती");
    await look(page, testInfo, "mr-consent-notice", 360);
    await hydrated(page.getByRole("button", { name: "संमती द्या" }));
    // Without the declaration, the page says what is missing.
    await page.getByRole("button", { name: "संमती द्या" }).click();
    await expect(page.getByText("हे सांगण्यासाठी चौकटीत खूण करा").first()).toBeVisible();
    await page.getByLabel(/कायदेशीर पालक/).check();
    await page.getByLabel("नाव", { exact: true }).fill(parent.name);
    await page.getByLabel("मोबाइल नंबर", { exact: true }).fill(parent.phone);
    await page.getByLabel("पासवर्ड", { exact: true }).fill("monsoon-tea-2027");
    await page.getByRole("button", { name: "संमती द्या" }).click();
    await expect(page.getByRole("status")).toContainText("खाते तयार आहे");
    await page.getByRole("link", { name: `${child.name} यांची प्रगती पाहा` }).click();
    await expect(page).toHaveURL(`${app().url}/mr/children`);
    await expect(page.getByRole("heading", { level: 2, name: child.name })).toBeVisible();
    await look(page, testInfo, "mr-children", 360);

    // The student can now sign in.
    const response = await page.request.post(`${app().url}/api/v1/login`, {
      data: { email_or_phone: child.email, password: child.password },
      headers: { Origin: app().url },
    });
    expect(response.status()).toBe(200);
  });
});

test.describe("at desktop width, in English, without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });

  test("a parent declines one sign-up, agrees to another, then withdraws consent", async ({ page }, testInfo) => {
    const labels = {
      form: "Sign up",
      name: "Name",
      phone: "Phone number",
      email: "Email",
      under18: "Yes, I am under 18",
      parentEmail: "Your parent's email",
      password: "Password",
      submit: "Sign Up",
    };
    const first = uniqueAccount(testInfo);
    await page.goto(`${app().url}/login`);
    await fillChildSignUp(page, first, labels);
    await expect(page.getByRole("status")).toContainText("We have emailed your parent at");
    await look(page, testInfo, "en-consent-asked", 1280, false);

    await page.goto(consentLink(await smtp().next(parentOf(first).email)));
    await look(page, testInfo, "en-consent-notice", 1280, false);
    await page.getByRole("button", { name: "Decline" }).click();
    await expect(page.getByRole("status")).toContainText("You declined. The sign-up has been deleted");

    // The same student signs up again (the declined sign-up freed the email and phone), and the parent agrees.
    const again = { ...first };
    await page.goto(`${app().url}/login`);
    await fillChildSignUp(page, again, labels);
    await expect(page.getByRole("status")).toContainText("We have emailed your parent");
    await page.goto(consentLink(await smtp().next(parentOf(first).email, 1)));
    await page.getByLabel(/lawful guardian/).check();
    const parent = parentOf(first);
    await page.getByLabel("Name", { exact: true }).fill(parent.name);
    await page.getByLabel("Phone number", { exact: true }).fill(parent.phone);
    await page.getByLabel("Password", { exact: true }).fill("monsoon-tea-2027");
    await page.getByRole("button", { name: "Agree" }).click();
    await expect(page.getByRole("status")).toContainText("account is ready");
    await page.getByRole("link", { name: `See ${first.name}'s progress` }).click();
    await expect(page).toHaveURL(`${app().url}/children`);
    await look(page, testInfo, "en-children", 1280, false);

    // Withdrawal: a wrong password changes nothing; the right one deletes the child's account.
    await page.getByText("Withdraw consent", { exact: true }).click();
    await page.getByLabel("Your password").fill("not-my-password");
    await page.getByLabel(/deleted for good/).check();
    await page.getByRole("button", { name: /Withdraw consent and delete/ }).click();
    await expect(page.getByText("That is not your current password")).toBeVisible();
    await page.getByLabel("Your password").fill("monsoon-tea-2027");
    await page.getByLabel(/deleted for good/).check();
    await page.getByRole("button", { name: /Withdraw consent and delete/ }).click();
    await expect(page.getByRole("status")).toContainText("Consent withdrawn");
    await expect(page.getByText("No student is linked to your account")).toBeVisible();
    const response = await page.request.post(`${app().url}/api/v1/login`, {
      data: { email_or_phone: first.email, password: first.password },
      headers: { Origin: app().url },
    });
    expect(response.status()).toBe(401);
  });
});
