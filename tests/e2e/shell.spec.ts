import { readdirSync } from "node:fs";
import path from "node:path";
import { SITE_TEXTS } from "../../domain/site.ts";
import { footerLabel, SUBJECTS, subjectPath } from "../../domain/subjects.ts";
import { ALL_ROUTES } from "./support/routes.ts";
import { expect, RESEND_ON_RESET, test } from "./support/test.ts";

const articleSlugs = readdirSync(path.join(import.meta.dirname, "../../content/articles"))
  .filter((f) => f.endsWith(".md"))
  .map((f) => f.slice(0, -3));

const pages: Array<{ path: string; title: string | RegExp }> = [
  { path: "/", title: SITE_TEXTS.defaultTitle },
  { path: "/login", title: "Login or Sign Up | PaperStation" },
  { path: "/blogs", title: /Blog \| PaperStation$/ },
  { path: "/about-us", title: "About Us | PaperStation" },
  { path: "/contact-us", title: "Contact Us" },
  { path: "/terms-&-conditions", title: "Terms and Conditions | PaperStation" },
  { path: "/privacy-&-policy", title: "Privacy Policy | PaperStation" },
  { path: "/loader", title: "Loading | PaperStation" },
  ...SUBJECTS.map((s) => ({
    path: subjectPath(s),
    title: `Maharashtra Board SSC ${s.name} Question Papers 2018-2023 | PaperStation`,
  })),
  ...articleSlugs.map((slug) => ({ path: `/${slug}`, title: /\| PaperStation$/ })),
];

test.describe("every route", () => {
  for (const { path: pagePath, title } of pages) {
    test(`${pagePath} has its title, description and canonical link`, async ({ page, baseURL }) => {
      const response = await page.goto(pagePath);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(title);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${encodeURI(pagePath)}`);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{50,}/);
      await expect(page.locator("h1")).toHaveCount(1);
    });
  }

  test("titles and descriptions are unique", async ({ request }) => {
    const seen = new Map<string, string>();
    for (const { path: pagePath } of pages) {
      const html = await (await request.get(pagePath, RESEND_ON_RESET)).text();
      const title = html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "";
      const description = html.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? "";
      for (const key of [`title:${title}`, `description:${description}`]) {
        expect(seen.get(key), `${pagePath} repeats ${key}`).toBeUndefined();
        seen.set(key, pagePath);
      }
    }
  });
});

test("an unknown path shows the 404 page with links home and to subjects", async ({ page }) => {
  const response = await page.goto("/this-page-does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await expect(page.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
  await page.getByRole("link", { name: "Browse subjects" }).click();
  await expect(page.locator("#footer-papers")).toBeInViewport();
});

test("header links navigate", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const [label, url] of [
    ["About Us", "/about-us"],
    ["Blogs", "/blogs"],
    ["Contact Us", "/contact-us"],
    ["Login", "/login"],
  ] as const) {
    await nav.getByRole("link", { name: label, exact: true }).click();
    await expect(page).toHaveURL(url);
    await expect(page.locator("h1")).toBeVisible();
  }
  await page.getByRole("link", { name: "PaperStation home" }).click();
  await expect(page).toHaveURL("/");
});

test("breadcrumbs show Home > page with structured data", async ({ page }) => {
  for (const [pagePath, label] of [
    ["/about-us", "About Us"],
    ["/blogs", "Blogs"],
    ["/contact-us", "Contact Us"],
    ["/login", "Login"],
  ] as const) {
    await page.goto(pagePath);
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumbs).toContainText(`Home>${label}`);
    const jsonLd = await crumbs.locator('script[type="application/ld+json"]').textContent();
    const data = JSON.parse(jsonLd ?? "{}") as { "@type": string; itemListElement: { name: string }[] };
    expect(data["@type"]).toBe("BreadcrumbList");
    expect(data.itemListElement.map((i) => i.name)).toEqual(["Home", label]);
  }
});

test.describe("on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the menu collapses, opens, and closes with Esc", async ({ page }) => {
    await page.goto("/");
    // A <details> disclosure: its summary is the toggle, and the open attribute is its state.
    const menu = page.locator("header details").filter({ has: page.locator("summary", { hasText: "Menu" }) });
    const toggle = menu.locator("summary");
    const aboutLink = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About Us" });
    await expect(menu).not.toHaveAttribute("open");
    await expect(aboutLink).toBeHidden();
    await toggle.click();
    await expect(menu).toHaveAttribute("open");
    await expect(aboutLink).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).not.toHaveAttribute("open");
    await expect(aboutLink).toBeHidden();
    await expect(toggle).toBeFocused();
    await toggle.click();
    await aboutLink.click();
    await expect(page).toHaveURL("/about-us");
    await expect(menu).not.toHaveAttribute("open");
  });
});

test.describe("on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("no route is wider than the screen", async ({ page }) => {
    test.slow();
    for (const pagePath of ALL_ROUTES) {
      await page.goto(pagePath);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, pagePath).toBeLessThanOrEqual(360);
    }
  });
});

test("the footer has 12 subject links in two columns of six, and each resolves", async ({ page, request }) => {
  await page.goto("/");
  const section = page.locator("footer section").filter({ has: page.locator("#footer-papers") });
  const lists = section.locator("ul");
  await expect(lists).toHaveCount(2);
  await expect(lists.nth(0).locator("a")).toHaveCount(6);
  await expect(lists.nth(1).locator("a")).toHaveCount(6);
  const links = section.locator("a");
  const labels = await links.allTextContents();
  expect(labels).toEqual(SUBJECTS.map(footerLabel));
  for (const href of await links.evaluateAll((els) => els.map((el) => el.getAttribute("href") ?? ""))) {
    expect((await request.get(href, RESEND_ON_RESET)).status(), href).toBe(200);
  }
});
