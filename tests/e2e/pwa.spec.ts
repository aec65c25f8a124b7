import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { PAGES_CACHE } from "../../app/offline/offline-names.ts";
import { type AppProcess, startAppProcess } from "../../scripts/lib/app-process.ts";
import { CHROMIUM_FLAGS, chromiumPath } from "../../scripts/lib/chromium.ts";
import { CLIENT_DIR } from "../support/build.ts";
import { signUpViaApi } from "./support/accounts.ts";
import { expectNoViolations } from "./support/axe.ts";
import { hydrated } from "./support/hydration.ts";
import { expect, RESEND_ON_RESET, test } from "./support/test.ts";

/**
 * The installable app (issue 16): manifests and icons, installability, the service worker's precache, pages read
 * offline, the offline page in both languages, and the new-version prompt.
 */
test.use({ serviceWorkers: "allow" });

const SUBJECT = "/maharashtra-board-math-1-question-papers";

/**
 * Offline, what the device did not keep fails to load, as it should (the viewer's pdf.js that a page prefetches,
 * a page's data, React Router's route list for a link): the browser logs those, which is not a defect here.
 */
function forgiveOfflineFailures(consoleErrors: string[]): void {
  const expected = /net::ERR_FAILED|Failed to fetch manifest patches/;
  const rest = consoleErrors.filter((text) => !expected.test(text));
  consoleErrors.splice(0, consoleErrors.length, ...rest);
}

/** Waits until the service worker is active, then reloads so that it controls the page. */
async function controlledBy(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null)).toBe("activated");
}

/** The width and height a PNG's header states. */
function pngSize(body: Buffer): { width: number; height: number } {
  expect(body.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

for (const { locale, manifest, home } of [
  { locale: "en", manifest: "/manifest.webmanifest", home: "/" },
  { locale: "mr", manifest: "/mr/manifest.webmanifest", home: "/mr" },
] as const) {
  test(`the ${locale} manifest describes an installable app whose icons exist`, async ({
    playwright,
    request,
    baseURL,
  }) => {
    const response = await request.get(manifest, RESEND_ON_RESET);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/manifest+json");
    const json = (await response.json()) as {
      id: string;
      name: string;
      short_name: string;
      lang: string;
      start_url: string;
      scope: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(json).toMatchObject({ lang: locale, start_url: home, scope: "/", id: home, display: "standalone" });
    expect(json.name.length).toBeGreaterThan(0);
    expect(json.short_name.length).toBeLessThanOrEqual(12);
    if (locale === "mr") expect(json.name).toMatch(/[\u0900-\u097F]/);
    expect(json.theme_color).toBe("#3730a3");
    const pngs = json.icons.filter((icon) => icon.type === "image/png");
    expect(pngs.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
    for (const icon of pngs) {
      const file = await request.get(icon.src, RESEND_ON_RESET);
      expect(file.status(), icon.src).toBe(200);
      expect(file.headers()["content-type"]).toBe("image/png");
      const [width, height] = icon.sizes.split("x").map(Number);
      expect(pngSize(await file.body()), icon.src).toEqual({ width, height });
    }
    const apple = await request.get("/icons/apple-touch-icon.png", RESEND_ON_RESET);
    expect(pngSize(await apple.body())).toEqual({ width: 180, height: 180 });

    // The page links its language's manifest, and Chromium finds nothing that stops an install. A profile on
    // disk, as a student's browser has: Chromium offers no install in an incognito (the default test) context.
    const profile = mkdtempSync(path.join(tmpdir(), "ps-pwa-profile-"));
    const context = await playwright.chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath(),
      args: CHROMIUM_FLAGS,
      baseURL,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(home);
      await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", manifest);
      await controlledBy(page);
      const cdp = await context.newCDPSession(page);
      await expect
        .poll(async () => {
          const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
          return installabilityErrors.map((e) => e.errorId);
        })
        .toEqual([]);
      const { url, errors } = await cdp.send("Page.getAppManifest");
      expect(url).toContain(manifest);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
}

test("the service worker precaches the app shell, not pdf.js, and controls the page after a reload", async ({
  page,
  request,
}) => {
  const sw = await request.get("/sw.js", RESEND_ON_RESET);
  expect(sw.status()).toBe(200);
  expect(sw.headers()["cache-control"]).toBe("no-cache");

  await page.goto("/");
  await controlledBy(page);
  // No update prompt on a first install: there was no older version.
  await expect(page.locator("#ps-update-prompt")).toHaveCount(0);
  const precached = await page.evaluate(async () => {
    const name = (await caches.keys()).find((key) => key.startsWith("workbox-precache"));
    if (!name) return [];
    const cache = await caches.open(name);
    return (await cache.keys()).map((r) => new URL(r.url).pathname);
  });
  expect(precached).toEqual(expect.arrayContaining(["/offline.html", "/mr/offline.html", "/manifest.webmanifest"]));
  // The page's own scripts and stylesheet are there.
  const own = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement | HTMLScriptElement>("link[rel=stylesheet], script[src]")].map(
      (el) => new URL("href" in el ? el.href : el.src).pathname,
    ),
  );
  expect(own.length).toBeGreaterThan(0);
  expect(precached).toEqual(expect.arrayContaining(own));
  expect(precached.filter((p) => /paper-viewer-document|pdf\.worker/.test(p))).toEqual([]);
  expect(precached.filter((p) => /\/(layout|catalogue|audit|upload)-/.test(p))).toEqual([]);
});

test("a page seen online opens offline; a page never seen shows the offline page in its language", async ({
  page,
  consoleErrors,
}) => {
  await page.goto("/");
  await controlledBy(page);
  await page.goto(SUBJECT);
  const heading = (await page.locator("h1").textContent()) ?? "";
  // Kept in the background once the network answered.
  await expect
    .poll(() =>
      page.evaluate(
        async ([cache, url]) => Boolean(await (await caches.open(cache as string)).match(url as string)),
        [PAGES_CACHE, new URL(SUBJECT, page.url()).href],
      ),
    )
    .toBe(true);

  await page.context().setOffline(true);
  await page.goto(SUBJECT);
  await expect(page.locator("h1")).toHaveText(heading);

  await page.goto("/about-us");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are offline");
  await expect(page.getByRole("link", { name: "Open my saved papers" })).toHaveAttribute("href", "/saved");
  await expectNoViolations(page, "the offline page");

  await page.goto("/mr/blogs");
  await expect(page.locator("html")).toHaveAttribute("lang", "mr");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("तुम्ही ऑफलाइन आहात");
  await expect(page.getByRole("link", { name: "जतन केलेल्या प्रश्नपत्रिका उघडा" })).toHaveAttribute("href", "/mr/saved");
  await expectNoViolations(page, "the Marathi offline page");
  await page.context().setOffline(false);
  forgiveOfflineFailures(consoleErrors);
});

test("a review loaded online reopens offline on a 360 px phone, in Marathi, without the question answered there", async ({
  page,
  baseURL,
  consoleErrors,
}, testInfo) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signUpViaApi(page, baseURL, testInfo);
  // Flagged yesterday (the browser tests' server takes the day from X-Test-Now), so both are due today.
  const yesterday = { "X-Test-Now": new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString(), Origin: baseURL ?? "" };
  for (const item of ["math-1-model-1:q2a1", "math-1-model-1:q1a2"]) {
    const flagged = await page.request.post("/api/v1/mistakes", { data: { item }, headers: yesterday });
    expect(flagged.status(), await flagged.text()).toBe(201);
  }
  await page.goto("/mr");
  await controlledBy(page);
  await page.goto("/mr/review");
  await expect(page.getByText("आज 2 प्रश्न बाकी", { exact: false })).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(
        async ([cache, url]) => Boolean(await (await caches.open(cache as string)).match(url as string)),
        [PAGES_CACHE, new URL("/mr/review", page.url()).href],
      ),
    )
    .toBe(true);

  const submit = await hydrated(page.getByRole("button", { name: "झाले: पुढचा प्रश्न" }));
  await page.context().setOffline(true);
  await page.locator("form[method=post] details summary").click();
  for (const point of await page.locator("form[method=post]").getByRole("checkbox").all()) await point.check();
  await submit.click();
  await expect(page.getByRole("status").filter({ hasText: /\S/ })).toHaveText(
    "या फोनवर जतन केले: 1 उत्तर इंटरनेट आल्यावर पाठवले जाईल.",
  );

  // The phone's copy of the page, offline: the answered question is not asked again.
  await page.reload();
  await expect(page.getByText("आज 1 प्रश्न बाकी", { exact: false })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /\S/ })).toHaveText(
    "या फोनवर जतन केले: 1 उत्तर इंटरनेट आल्यावर पाठवले जाईल.",
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: testInfo.outputPath("review-offline-mr.png"), fullPage: true });

  // Online again: the answer reaches the server, and the page's set follows it.
  await page.context().setOffline(false);
  await expect
    .poll(
      async () => ((await (await page.request.get("/api/v1/reviews/due")).json()) as { data: unknown[] }).data.length,
    )
    .toBe(1);
  forgiveOfflineFailures(consoleErrors);
});

test("offline, a link to a page not kept leads to the offline page instead of an error", async ({
  page,
  consoleErrors,
}) => {
  await page.goto("/mr");
  await controlledBy(page);
  await page.context().setOffline(true);
  // A client-side navigation whose data cannot load: the page loads the address as a document, which the
  // service worker answers with the offline page in the page's language.
  await page.locator('footer a[href="/mr/about-us"]').click();
  await expect(page).toHaveURL(/\/mr\/about-us$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("तुम्ही ऑफलाइन आहात");
  await expect(page.getByRole("link", { name: "जतन केलेल्या प्रश्नपत्रिका उघडा" })).toHaveAttribute("href", "/mr/saved");
  await page.context().setOffline(false);
  forgiveOfflineFailures(consoleErrors);
});

test.describe("the update prompt", () => {
  // Chromium now and then puts off activating the waiting worker after Reload (seen about once in ten runs here,
  // not understood yet): retried rather than hidden. A student who meets it sees the prompt again on the next page.
  test.describe.configure({ retries: 2 });
  let app: AppProcess;
  let clientDir: string;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // A server of its own, serving a copy of the build that the test can change as a deploy would.
    clientDir = mkdtempSync(path.join(tmpdir(), "ps-pwa-client-"));
    cpSync(CLIENT_DIR, clientDir, { recursive: true });
    app = await startAppProcess({ CLIENT_DIR: clientDir, SAMPLE_PAPERS: "0", LOG_LEVEL: "warn" });
  });
  test.afterAll(async () => {
    await app?.stop();
    if (clientDir) rmSync(clientDir, { recursive: true, force: true });
  });

  test("a new build offers a reload, and Reload brings the new version in", async ({ page }) => {
    await page.goto(`${app.url}/`);
    await controlledBy(page);
    await expect(page.locator("#ps-update-prompt")).toHaveCount(0);

    // A new deploy: the service worker changes (here it also answers which version it is).
    const swFile = path.join(clientDir, "sw.js");
    writeFileSync(
      swFile,
      `${readFileSync(swFile, "utf8")}\n// next build\nself.addEventListener("message",(e)=>{if(e.data==="version?")e.ports[0].postMessage("next")});\n`,
    );
    for (const copy of [`${swFile}.br`, `${swFile}.gz`]) rmSync(copy, { force: true });
    await page.evaluate(() => {
      (window as { beforeUpdate?: boolean }).beforeUpdate = true;
    });
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

    const prompt = page.getByRole("status").filter({ hasText: "A new version of PaperStation is ready." });
    await expect(prompt).toBeVisible();
    await expectNoViolations(page, "the update prompt");
    // By keyboard: the button is focusable, and no pointer crosses the page's links on the way (a hover prefetch
    // through the old worker at the moment of the switch can make Chromium put off the activation).
    await prompt.getByRole("button", { name: "Reload" }).focus();
    // Nothing in flight through the old worker either (the page's after-load requests, axe's): Chromium puts off
    // the activation while one is, and the reload then waits past the test's time.
    await page.waitForLoadState("networkidle");
    await Promise.all([page.waitForEvent("load"), page.keyboard.press("Enter")]);

    // The page reloaded (its window state is gone), and the new worker is in charge: at once when Chromium
    // activated it before the reload, else as soon as the old one is idle (the prompt's fallback reload).
    expect(await page.evaluate(() => (window as { beforeUpdate?: boolean }).beforeUpdate ?? false)).toBe(false);
    const version = () =>
      page.evaluate(
        () =>
          new Promise<string>((resolve) => {
            const controller = navigator.serviceWorker.controller;
            if (!controller) return resolve("none");
            const channel = new MessageChannel();
            channel.port1.onmessage = (e) => resolve(String(e.data));
            controller.postMessage("version?", [channel.port2]);
            // The old worker does not answer this message.
            setTimeout(() => resolve("old"), 500);
          }),
      );
    await expect.poll(version, { timeout: 30_000 }).toBe("next");
    await expect(page.locator("#ps-update-prompt")).toHaveCount(0);
  });
});
