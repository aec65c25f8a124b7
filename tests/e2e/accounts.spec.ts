import type { Page } from "@playwright/test";
import { MESSAGES } from "../../domain/auth.ts";
import { fillSignIn, fillSignUp, uniqueAccount } from "./support/accounts.ts";
import { expect, RESEND_ON_RESET, test } from "./support/test.ts";

const signUpPanel = (page: Page) => page.getByRole("tabpanel", { name: "Sign Up" });
const signInPanel = (page: Page) => page.getByRole("tabpanel", { name: "Sign In" });
const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

const signUp = fillSignUp;

async function signIn(page: Page, who: string, password: string) {
  await page.getByRole("tab", { name: "Sign In" }).click();
  await fillSignIn(page, who, password);
}

async function logout(page: Page) {
  await mainNav(page).getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL("/");
  await expect(mainNav(page).getByRole("link", { name: "Login" })).toBeVisible();
}

test("sign up, log out, sign in with phone, then with email", async ({ page, context }, testInfo) => {
  const account = uniqueAccount(testInfo);
  await page.goto("/login");
  await expect(page.getByRole("tab", { name: "Sign Up" })).toHaveAttribute("aria-selected", "true");
  await signUp(page, account);
  await expect(page).toHaveURL("/");
  await expect(mainNav(page).getByRole("button", { name: "Logout" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("user_id"))).toMatch(/^[0-9a-f-]{36}$/);
  const cookie = (await context.cookies()).find((c) => c.name === "ps_session");
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe("Lax");

  // The header is rendered on the server from the session: a reload keeps it.
  await page.reload();
  await expect(mainNav(page).getByRole("button", { name: "Logout" })).toBeVisible();

  await logout(page);
  expect(await page.evaluate(() => localStorage.getItem("user_id"))).toBeNull();

  await page.goto("/login");
  await signIn(page, account.phone, account.password);
  await expect(page).toHaveURL("/");
  await expect(mainNav(page).getByRole("button", { name: "Logout" })).toBeVisible();
  await logout(page);

  await page.goto("/login");
  await signIn(page, account.email.toUpperCase(), account.password);
  await expect(page).toHaveURL("/");
  await expect(mainNav(page).getByRole("button", { name: "Logout" })).toBeVisible();
});

test("a signed-in visitor to /login goes on to a safe redirectTo", async ({ page }, testInfo) => {
  await page.goto("/login?redirectTo=/blogs");
  await signUp(page, uniqueAccount(testInfo));
  await expect(page).toHaveURL("/blogs");
  await page.goto("/login?redirectTo=//evil.example/");
  await expect(page).toHaveURL("/");
});

test("tabs switch by click and arrow keys, and each form has its own password toggle", async ({ page }) => {
  await page.goto("/login");
  const upTab = page.getByRole("tab", { name: "Sign Up" });
  const inTab = page.getByRole("tab", { name: "Sign In" });
  await inTab.click();
  await expect(inTab).toHaveAttribute("aria-selected", "true");
  await expect(signInPanel(page)).toBeVisible();
  await expect(signUpPanel(page)).toBeHidden();
  await inTab.press("ArrowLeft");
  await expect(upTab).toBeFocused();
  await expect(upTab).toHaveAttribute("aria-selected", "true");

  const upPassword = signUpPanel(page).getByLabel("Password", { exact: true });
  await upPassword.fill("secret-one");
  await expect(upPassword).toHaveAttribute("type", "password");
  await signUpPanel(page).getByRole("button", { name: "Show password" }).click();
  await expect(upPassword).toHaveAttribute("type", "text");
  await signUpPanel(page).getByRole("button", { name: "Hide password" }).click();
  await expect(upPassword).toHaveAttribute("type", "password");

  await upTab.press("ArrowRight");
  const inPassword = signInPanel(page).getByLabel("Password", { exact: true });
  await expect(inPassword).toHaveAttribute("type", "password");
  await signInPanel(page).getByRole("button", { name: "Show password" }).click();
  await expect(inPassword).toHaveAttribute("type", "text");
});

test("every inline validation message, linked with aria-describedby", async ({ page }) => {
  await page.goto("/login");
  const form = signUpPanel(page);
  const phone = form.getByLabel("Phone number");
  await phone.fill("98a7-6 54(3)210");
  await expect(phone).toHaveValue("9876543210");
  // Pasted with the country code or a leading 0, the number is kept whole (issue 23); never silently cut.
  await phone.fill("+91 98765 43210");
  await expect(phone).toHaveValue("9876543210");
  await phone.fill("09876543210");
  await expect(phone).toHaveValue("9876543210");
  await phone.fill("987654321099");
  await expect(phone).toHaveValue("987654321099");

  const email = form.getByLabel("Email", { exact: true });
  await email.fill("asha@example");
  await expect(form.getByText(MESSAGES.invalidEmail)).toBeVisible();
  await expect(email).toHaveAttribute("aria-describedby", /.+/);
  const describedBy = await email.getAttribute("aria-describedby");
  await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(MESSAGES.invalidEmail);
  await email.fill("asha@example.com");
  await expect(form.getByText(MESSAGES.invalidEmail)).toBeHidden();

  const password = form.getByLabel("Password", { exact: true });
  await password.fill("abc");
  await expect(form.getByText(MESSAGES.shortPassword)).toBeVisible();
  await password.fill("abcdefgh");
  await expect(form.getByText(MESSAGES.shortPassword)).toBeHidden();

  await phone.fill("98765");
  await form.getByRole("button", { name: "Sign Up" }).click();
  await expect(form.getByText(MESSAGES.nameRequired)).toBeVisible();
  await expect(form.getByText(MESSAGES.phoneDigits)).toBeVisible();
  await expect(form.getByLabel("Name")).toBeFocused();
  // Not an Indian mobile number.
  await phone.fill("5876543210");
  await form.getByRole("button", { name: "Sign Up" }).click();
  await expect(form.getByText(MESSAGES.phoneMobile)).toBeVisible();

  await page.getByRole("tab", { name: "Sign In" }).click();
  const signInForm = signInPanel(page);
  await signInForm.getByLabel("Password", { exact: true }).fill("short");
  await expect(signInForm.getByText(MESSAGES.shortPassword)).toBeVisible();
  await signInForm.getByRole("button", { name: "Sign In" }).click();
  await expect(signInForm.getByText(MESSAGES.emailOrPhoneRequired)).toBeVisible();
  await signInForm.getByLabel("Phone number or email").fill("12345");
  await signInForm.getByRole("button", { name: "Sign In" }).click();
  await expect(signInForm.getByText(MESSAGES.emailOrPhoneInvalid)).toBeVisible();
});

test("a wrong password shows the exact message", async ({ page }, testInfo) => {
  const account = uniqueAccount(testInfo);
  await page.goto("/login");
  await signUp(page, account);
  await expect(mainNav(page).getByRole("button", { name: "Logout" })).toBeVisible();
  await logout(page);
  await page.goto("/login");
  await signIn(page, account.email, "not-my-password");
  await expect(signInPanel(page).getByRole("alert")).toHaveText(MESSAGES.invalidCredentials);
  await expect(page).toHaveURL("/login");
});

test("a duplicate account and a network failure each get a message", async ({ page }, testInfo) => {
  const account = uniqueAccount(testInfo);
  await page.goto("/login");
  await signUp(page, account);
  await expect(page).toHaveURL("/");
  await logout(page);
  await page.goto("/login");
  await signUp(page, { ...account, phone: `9${account.phone.slice(1, -1)}7` });
  await expect(signUpPanel(page).getByRole("alert")).toContainText("An account with this email already exists");

  await page.route("**/api/v1/login", (route) => route.abort("internetdisconnected"));
  await signIn(page, account.email, account.password);
  await expect(signInPanel(page).getByRole("alert")).toHaveText(MESSAGES.network);
  await expect(signInPanel(page).getByRole("button", { name: "Sign In" })).toBeEnabled();
});

test("too many failed sign-ins say when to try again", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("tab", { name: "Sign In" }).click();
  const form = signInPanel(page);
  await form.getByLabel("Phone number or email").fill("nobody-here@example.com");
  await form.getByLabel("Password", { exact: true }).fill("wrong-password");
  for (let i = 0; i < 10; i++) {
    await form.getByRole("button", { name: "Sign In" }).click();
    await expect(form.getByRole("alert")).toHaveText(MESSAGES.invalidCredentials);
    await form.getByLabel("Password", { exact: true }).fill(`wrong-password-${i}`);
  }
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(form.getByRole("alert")).toHaveText(/^Too many attempts, try again in \d+ minutes?$/);
});

test("a failed logout is shown and leaves the user signed in", async ({ page }, testInfo) => {
  await page.goto("/login");
  await signUp(page, uniqueAccount(testInfo));
  await expect(page).toHaveURL("/");
  await page.route("**/api/v1/logout", (route) => route.abort("internetdisconnected"));
  await mainNav(page).getByRole("button", { name: "Logout" }).click();
  await expect(mainNav(page).getByRole("alert")).toHaveText(MESSAGES.network);
  await page.unroute("**/api/v1/logout");
  await page.reload();
  await expect(mainNav(page).getByRole("button", { name: "Logout" })).toBeVisible();
});

test("keyboard-only sign-in", async ({ page, request }, testInfo) => {
  const account = uniqueAccount(testInfo);
  const created = await request.post("/api/v1/signup", {
    ...RESEND_ON_RESET,
    data: { ...account, phone: `91${account.phone}` },
  });
  expect(created.status()).toBe(201);
  await page.context().clearCookies();

  await page.goto("/login");
  await page.getByRole("tab", { name: "Sign Up" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Sign In" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(signInPanel(page).getByLabel("Phone number or email")).toBeFocused();
  await page.keyboard.type(account.email);
  await page.keyboard.press("Tab");
  await page.keyboard.type(account.password);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/");
  await expect(mainNav(page).getByRole("button", { name: "Logout" })).toBeVisible();
});
