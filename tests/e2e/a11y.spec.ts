import { subjectPath } from "../../domain/subjects.ts";
import { uniqueAccount } from "./support/accounts.ts";
import { expectNoViolations } from "./support/axe.ts";
import { ALL_ROUTES } from "./support/routes.ts";
import { expect, test } from "./support/test.ts";

test.describe("axe finds no WCAG 2.2 AA violations", () => {
  for (const route of ALL_ROUTES) {
    test(`on ${route}`, async ({ page }) => {
      await page.goto(route);
      await expect(page.locator("h1")).toBeVisible();
      await expectNoViolations(page, route);
    });
  }

  test("with the mobile menu open", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/");
    await page.locator("header summary", { hasText: "Menu" }).click();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About Us" })).toBeVisible();
    await expectNoViolations(page, "the open mobile menu");
  });

  test("with the sign-in dialog open, and with the viewer open", async ({ page }, testInfo) => {
    await page.goto(subjectPath({ slug: "geography" }));
    await page
      .getByRole("link", { name: /Q Paper/ })
      .first()
      .click();
    const dialog = page.getByRole("dialog", { name: /Sign in/ });
    await expect(dialog.getByLabel("Name")).toBeVisible();
    await expectNoViolations(page, "the sign-in dialog");

    const account = uniqueAccount(testInfo);
    await dialog.getByLabel("Name").fill(account.name);
    await dialog.getByLabel("Phone number").fill(account.phone);
    await dialog.getByLabel("Email", { exact: true }).fill(account.email);
    await dialog.getByLabel("No, I am 18 or older").check();
    await dialog.getByLabel("Password", { exact: true }).fill(account.password);
    await dialog.getByRole("button", { name: "Sign Up" }).click();
    const viewer = page.getByRole("dialog", { name: /question paper$/ });
    await expect(viewer.locator('[data-page="1"] canvas')).toBeVisible();
    await expectNoViolations(page, "the open viewer");
  });
});

test("keyboard focus is always visible", async ({ page }) => {
  for (const route of ["/", "/login", subjectPath({ slug: "math-1" })]) {
    await page.goto(route);
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press("Tab");
      const focus = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const style = getComputedStyle(el);
        const visible =
          (style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0) || style.boxShadow !== "none";
        return {
          key: `${el.tagName} ${el.textContent?.trim().slice(0, 40)} ${el.getAttribute("href") ?? ""}`,
          visible,
        };
      });
      if (!focus || seen.has(focus.key)) continue;
      seen.add(focus.key);
      expect(focus.visible, `focus ring on ${route}: ${focus.key}`).toBe(true);
    }
    expect(seen.size, `focusable elements reached on ${route}`).toBeGreaterThan(5);
  }
});
