import type { Page } from "@playwright/test";
import { getArticles } from "../../server/content/articles.server.ts";
import { expect, test } from "./support/test.ts";

const articles = getArticles();

async function expectCanonical(page: Page, baseURL: string | undefined, path: string) {
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${path}`);
}

async function expectImageLoaded(page: Page, selector: string) {
  const image = page.locator(selector).first();
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute("width", /^\d+$/);
  await expect(image).toHaveAttribute("height", /^\d+$/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

test.describe("articles", () => {
  for (const article of articles) {
    test(`${article.path} renders its title, canonical, image, date and text`, async ({ page, baseURL }) => {
      const response = await page.goto(article.path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(`${article.title} | PaperStation`);
      await expectCanonical(page, baseURL, article.path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(article.title);
      await expectImageLoaded(page, `article img[src="${article.image}"]`);
      await expect(page.locator("article time")).toHaveAttribute("datetime", article.date);
      const firstParagraph =
        article.markdown
          .trim()
          .split(/\n\s*\n/)[0]
          ?.slice(0, 60) ?? "";
      await expect(page.locator("article")).toContainText(firstParagraph.replace(/[*_]/g, ""));
      await expect(page.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
      const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
      await expect(crumbs).toContainText(`Home>${article.title}`);
      const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
      const types = jsonLd.map((text) => (JSON.parse(text) as { "@type": string })["@type"]);
      expect(types).toEqual(expect.arrayContaining(["Article", "BreadcrumbList"]));
      await expect(page.getByRole("heading", { name: "Join the PaperStation community" })).toBeVisible();
    });
  }

  test("opening an article from the blog starts at its top", async ({ page }) => {
    await page.goto("/blogs");
    const readMore = page.getByRole("link", { name: "Read More" }).last();
    await readMore.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await readMore.click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe("info pages", () => {
  for (const { path, title, h1, text } of [
    { path: "/about-us", title: "About Us | PaperStation", h1: "About Us", text: "Our 3Cs" },
    {
      path: "/terms-&-conditions",
      title: "Terms and Conditions | PaperStation",
      h1: "Terms and Conditions",
      text: "Governing Law",
    },
    {
      path: "/privacy-&-policy",
      title: "Privacy Policy | PaperStation",
      h1: "Privacy and Policy",
      text: "What we store about you",
    },
    { path: "/contact-us", title: "Contact Us", h1: "Contact Us", text: "How would you like to contact us ?" },
  ]) {
    test(`${path} renders its title, canonical and content`, async ({ page, baseURL }) => {
      expect((await page.goto(path))?.status()).toBe(200);
      await expect(page).toHaveTitle(title);
      await expectCanonical(page, baseURL, path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
      await expect(page.getByRole("heading", { name: text })).toBeVisible();
    });
  }

  test("About has two text-and-image panels: the origin and the 3Cs", async ({ page }) => {
    await page.goto("/about-us");
    const panels = page.locator("main section[aria-labelledby^='about-panel']");
    await expect(panels).toHaveCount(2);
    await expect(panels.nth(0)).toContainText("made by students, for students");
    for (const word of ["Consistency", "Collaboration", "Creativity"]) await expect(panels.nth(1)).toContainText(word);
    for (const src of ["/images/about-origin.svg", "/images/about-3cs.svg"]) {
      await page.locator(`img[src="${src}"]`).scrollIntoViewIfNeeded();
      await expectImageLoaded(page, `img[src="${src}"]`);
    }
  });
});

test.describe("blog pagination", () => {
  const cards = (page: Page) => page.getByRole("list", { name: /^Articles, page/ }).getByRole("listitem");

  test("page buttons switch pages, update the URL and scroll smoothly to the top", async ({ page, baseURL }) => {
    await page.goto("/blogs");
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(cards(page)).toHaveCount(6);
    await expect(cards(page).first()).toContainText(articles[0]?.title ?? "");
    const pages = page.getByRole("navigation", { name: "Blog pages" });
    await expect(pages.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");

    await pages.getByRole("link", { name: "Page 2" }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await pages.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL("/blogs?page=2");
    await expect(cards(page)).toHaveCount(4);
    await expect(cards(page).first()).toContainText(articles[6]?.title ?? "");
    await expect(pages.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    await expectCanonical(page, baseURL, "/blogs?page=2");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await pages.getByRole("link", { name: "Page 1" }).click();
    await expect(page).toHaveURL("/blogs");
    await expect(cards(page)).toHaveCount(6);
    await expectCanonical(page, baseURL, "/blogs");
  });

  test("the page is in the URL, and a garbage or out-of-range page shows page 1", async ({ page, baseURL }) => {
    await page.goto("/blogs?page=2");
    await expect(cards(page)).toHaveCount(4);
    for (const article of articles.slice(6))
      await expect(page.getByRole("heading", { name: article.title })).toBeVisible();
    for (const bad of ["7", "0", "abc"]) {
      await page.goto(`/blogs?page=${bad}`);
      await expect(cards(page)).toHaveCount(6);
      await expectCanonical(page, baseURL, "/blogs");
    }
  });

  test("each card has an image, a heading, a teaser and Read More", async ({ page }) => {
    await page.goto("/blogs");
    const first = cards(page).first();
    const article = articles[0];
    await expect(first.getByRole("heading")).toHaveText(article?.title ?? "");
    await expect(first).toContainText(article?.teaser ?? "");
    await expect(first.getByRole("img")).toHaveAttribute("alt", article?.imageAlt ?? "");
    await expect(first.getByRole("link", { name: "Read More" })).toHaveAttribute("href", article?.path ?? "");
  });
});

test.describe("Contact Us", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("has the two 95 px option cards; Write to us is a mailto: with subject and body", async ({ page }) => {
    await page.goto("/contact-us");
    await expect(page).toHaveTitle("Contact Us");
    const cards = page.getByTestId("contact-card");
    await expect(cards).toHaveCount(2);
    for (const card of await cards.all()) expect((await card.boundingBox())?.height).toBe(95);
    await expect(page.getByRole("link", { name: /Chat with us/ })).toHaveAttribute(
      "href",
      /^https:\/\/chat\.whatsapp\.com\//,
    );
    const href = (await page.getByRole("link", { name: /Write to us/ }).getAttribute("href")) ?? "";
    expect(href).toMatch(/^mailto:support@paperstation\.in\?/);
    const url = new URL(href);
    expect(url.searchParams.get("subject")).toBe("PaperStation: question or feedback");
    expect(url.searchParams.get("body")).toContain("Hello PaperStation team,\n");
    expect(href).not.toMatch(/[ +]/);
  });

  test("keeps its top bar on screen while scrolling", async ({ page }) => {
    await page.goto("/contact-us");
    await page.mouse.wheel(0, 2000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    const header = page.locator("body > header").first();
    await expect(header).toHaveCSS("position", "sticky");
    await expect(header).toBeInViewport();
  });
});

test("/test and /content answer 404", async ({ page }) => {
  for (const path of ["/test", "/content"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  }
});

test.describe("web vitals", () => {
  type Beacon = { name: string; value: number; id: string; rating: string; route: string };

  function collectBeacons(page: Page): Beacon[] {
    const beacons: Beacon[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/v1/vitals") && request.method() === "POST") {
        beacons.push(JSON.parse(request.postData() ?? "{}") as Beacon);
      }
    });
    return beacons;
  }

  /** What the browser does when the tab is switched away or closed: CLS, LCP and INP are final then. */
  async function hidePage(page: Page) {
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
    });
  }

  test("reports metrics with sendBeacon to /api/v1/vitals, tagged with the route pattern", async ({ page }) => {
    const beacons = collectBeacons(page);
    // The whole browser suite shares one address, so the per-IP limit may answer 429: the
    // integration tests check the 204s; here the beacon itself is the point.
    const answered = page.waitForResponse((r) => r.url().endsWith("/api/v1/vitals"));
    await page.goto("/blogs?page=2");
    expect([204, 429]).toContain((await answered).status());
    await expect.poll(() => beacons.map((b) => b.name)).toEqual(expect.arrayContaining(["TTFB", "FCP"]));
    // The first input ends LCP; hiding the page ends CLS (and would end LCP too).
    await page.keyboard.press("Shift");
    await expect.poll(() => beacons.map((b) => b.name)).toContain("LCP");
    await hidePage(page);
    await expect.poll(() => beacons.map((b) => b.name)).toContain("CLS");
    for (const beacon of beacons) {
      expect(["CLS", "INP", "FCP", "LCP", "TTFB"]).toContain(beacon.name);
      expect(beacon.route).toBe("/blogs");
      expect(["good", "needs-improvement", "poor"]).toContain(beacon.rating);
      expect(Number.isFinite(beacon.value)).toBe(true);
      expect(beacon.id).toMatch(/^v\d+-/);
    }
  });

  test("tags the not-found page and articles with their route patterns", async ({ page }) => {
    const beacons = collectBeacons(page);
    await page.goto("/test");
    await expect.poll(() => beacons.some((b) => b.name === "TTFB" && b.route === "*")).toBe(true);
    const article = articles[0]?.path ?? "/";
    await page.goto(article);
    await expect.poll(() => beacons.some((b) => b.name === "TTFB" && b.route === article)).toBe(true);
  });

  test("web-vitals is loaded lazily from our own origin, after the page", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    const beacon = page.waitForRequest((r) => r.url().endsWith("/api/v1/vitals"));
    const response = await page.goto("/about-us");
    expect(await response?.text()).not.toContain("web-vitals");
    await beacon;
    expect(scripts.every((url) => new URL(url).origin === new URL(page.url()).origin)).toBe(true);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("articles, the blog list and pagination, and the info pages are readable", async ({ page }) => {
    await page.goto("/blogs?page=2");
    await expect(page.getByRole("link", { name: "Read More" })).toHaveCount(4);
    await page.getByRole("link", { name: "Page 1" }).click();
    await expect(page).toHaveURL("/blogs");
    await expect(page.getByRole("link", { name: "Read More" })).toHaveCount(6);
    await page.getByRole("link", { name: "Read More" }).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(articles[0]?.title ?? "");
    await page.goto("/privacy-&-policy");
    await expect(page.getByText("no IP address", { exact: false }).first()).toBeVisible();
  });
});

test.describe("on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("content pages do not scroll sideways", async ({ page }) => {
    for (const path of ["/blogs", articles[0]?.path ?? "/", "/about-us", "/contact-us", "/terms-&-conditions"]) {
      await page.goto(path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(360);
    }
  });
});
