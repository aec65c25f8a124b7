import { type Page, request as playwrightRequest } from "@playwright/test";
import { PAGES_CACHE, SAVED_CACHE, SAVED_DB } from "../../app/offline/offline-names.ts";
import { subjectByKey, subjectPath } from "../../domain/subjects.ts";
import { signUpViaApi } from "./support/accounts.ts";
import { ADMIN, startConsoleServer } from "./support/admin.ts";
import { expectNoViolations } from "./support/axe.ts";
import { hydrated } from "./support/hydration.ts";
import { expect, RESEND_ON_RESET, test } from "./support/test.ts";

/**
 * Saved papers (issue 16): a signed-in student's opened papers read offline from My saved papers, and nothing of
 * them is readable after sign-out, or after the server ends the session. Chromium with the service worker.
 */
// The service worker is what keeps and serves the saved papers (playwright.config.ts blocks it elsewhere).
test.use({
  viewport: { width: 360, height: 740 },
  hasTouch: true,
  isMobile: true,
  deviceScaleFactor: 2,
  serviceWorkers: "allow",
});

const LISTING = `${subjectPath(subjectByKey("math_1"))}?medium=english`;
const MODEL_PAGE = `${subjectPath(subjectByKey("math_2"))}/math-2-model-1`;

function viewer(page: Page) {
  return page.getByRole("dialog", { name: /(question paper|solution|model answers)$/ });
}

/** Once the service worker controls the page, its routes answer the page's requests (offline ones too). */
async function controlled(page: Page) {
  await page.waitForFunction(
    () => navigator.serviceWorker?.controller !== null && navigator.serviceWorker !== undefined,
  );
}

/** What this origin keeps for the student: each cache's URLs, and the saved papers' records. */
async function offlineData(page: Page) {
  return page.evaluate(
    async ({ saved, pages, db }) => {
      const urls = async (name: string) =>
        (await caches.has(name)) ? (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname) : [];
      const databases = await indexedDB.databases();
      let records = 0;
      if (databases.some((d) => d.name === db)) {
        records = await new Promise<number>((resolve, reject) => {
          const open = indexedDB.open(db);
          open.onsuccess = () => {
            const connection = open.result;
            if (!connection.objectStoreNames.contains("papers")) {
              connection.close();
              resolve(0);
              return;
            }
            const count = connection.transaction("papers").objectStore("papers").count();
            count.onsuccess = () => {
              connection.close();
              resolve(count.result);
            };
            count.onerror = () => reject(count.error);
          };
          open.onerror = () => reject(open.error);
        });
      }
      return { saved: await urls(saved), pages: await urls(pages), records };
    },
    { saved: SAVED_CACHE, pages: PAGES_CACHE, db: SAVED_DB },
  );
}

/** Opens the first year paper of the listing in the viewer and waits for its first page and its saved copy. */
async function openBoardPaper(page: Page): Promise<{ id: string; title: string }> {
  await page.goto(LISTING);
  await controlled(page);
  const paper = page.locator("li[data-paper-id]").first();
  const id = (await paper.getAttribute("data-paper-id")) ?? "";
  await (await hydrated(paper.getByRole("link", { name: /^Q Paper/ }))).click();
  const dialog = viewer(page);
  await expect(dialog.locator('[data-page="1"] canvas')).toBeVisible();
  await expect(dialog.getByRole("status").filter({ hasText: "Saved for offline" })).toBeVisible();
  // The list shows the paper's name; the kind is said beside it.
  const title = ((await dialog.getByRole("heading").first().textContent()) ?? "").replace(/ question paper$/, "");
  return { id, title };
}

test("offline: open papers signed in, go offline, reopen them from My saved papers, sign out, and they are gone", async ({
  page,
  context,
  baseURL,
  consoleErrors,
}, testInfo) => {
  test.slow();
  await signUpViaApi(page, baseURL, testInfo);
  const board = await openBoardPaper(page);
  await viewer(page).getByRole("button", { name: "Close" }).click();

  // A model paper's page: its HTML is kept, with a note and Remove under its buttons.
  await page.goto(MODEL_PAGE);
  await expect(page.locator("[data-saved-badge]")).toContainText("Saved for offline");
  await page.screenshot({ path: testInfo.outputPath("model-page-saved-360.png") });

  // My saved papers, online: both, the space they use, and the page kept for offline use.
  await page.goto("/saved");
  const items = page.locator("li[data-saved-id]");
  await expect(items).toHaveCount(2);
  await expect(page.getByTestId("saved-usage")).toHaveText(/^[\d.]+ (KB|MB) of 50 MB used$/);
  await expect
    .poll(async () => (await offlineData(page)).saved.sort())
    .toEqual(["/mr/saved", `/papers/${board.id}/question.pdf`, MODEL_PAGE, "/saved"].sort());
  await expectNoViolations(page, "My saved papers");

  await context.setOffline(true);
  await page.goto("/saved");
  await expect(items).toHaveCount(2);
  const saved = items.filter({ hasText: board.title });
  await (await hydrated(saved.getByRole("link", { name: /^Open/ }))).click();
  await expect(page).toHaveURL(`/saved?paper=${board.id}&kind=question`);
  await expect(viewer(page).locator('[data-page="1"] canvas')).toBeVisible();
  await expect(viewer(page).getByRole("status").filter({ hasText: "Saved for offline" })).toBeVisible();
  await viewer(page).getByRole("button", { name: "Close" }).click();
  // The model paper's page, as a document load from its kept copy.
  await items.filter({ hasText: "Model Paper" }).getByRole("link", { name: /^Open/ }).click();
  await expect(page).toHaveURL(MODEL_PAGE);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Model Paper 1");
  await expect(page.locator("main article li").first()).toBeVisible();

  // Back online, sign out: nothing is left to read.
  await context.setOffline(false);
  await page.goto("/saved");
  await expect(items).toHaveCount(2);
  await page.locator("header summary", { hasText: "Menu" }).click();
  await (
    await hydrated(page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Logout" }))
  ).click();
  await expect(page).toHaveURL("/");
  // Signed out (the header's menu is closed again: the link is there, not shown).
  await expect(page.locator('header a[href="/login"]').first()).toBeAttached();
  const after = await offlineData(page);
  expect(after.saved).toEqual([]);
  expect(after.records).toBe(0);
  // Pages kept after sign-out are the signed-out home page's at most: no signed-in page.
  expect(after.pages.filter((p) => !["/", "/_.data"].includes(p))).toEqual([]);

  await context.setOffline(true);
  await page.goto("/saved");
  await expect(page.locator("li[data-saved-id]")).toHaveCount(0);
  await expect(page.getByText("Saved for offline")).toHaveCount(0);
  const direct = await page.evaluate(
    (url) =>
      fetch(url).then(
        (r) => r.status,
        () => "failed",
      ),
    `/papers/${board.id}/question.pdf`,
  );
  expect(direct).toBe("failed");
  // That failure is the point: the browser logs it.
  for (let i = consoleErrors.length - 1; i >= 0; i--) {
    if (/net::ERR_FAILED/.test(consoleErrors[i] ?? "")) consoleErrors.splice(i, 1);
  }
  await page.goto(MODEL_PAGE);
  await expect(page.getByText("Saved for offline")).toHaveCount(0);
  await expect(page.locator("main article li")).toHaveCount(0);
  await context.setOffline(false);
});

test("a session the server ended: the next page load deletes the saved papers", async ({ page, baseURL }, testInfo) => {
  await signUpViaApi(page, baseURL, testInfo);
  await page.goto(MODEL_PAGE);
  await controlled(page);
  await expect(page.locator("[data-saved-badge]")).toContainText("Saved for offline");
  await expect.poll(async () => (await offlineData(page)).records).toBe(1);

  // The server ends the session (signed out elsewhere with the same session): the browser still holds its cookie.
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name === "ps_session");
  expect(session).toBeDefined();
  const elsewhere = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { Cookie: `ps_session=${session?.value}`, Origin: baseURL ?? "" },
  });
  const me = await elsewhere.get("/api/v1/me");
  const userId = ((await me.json()) as { data: { user_id: string } }).data.user_id;
  expect((await elsewhere.post("/api/v1/logout", { data: { user_id: userId } })).status()).toBe(200);
  await elsewhere.dispose();

  await page.goto("/");
  await expect.poll(async () => offlineData(page)).toEqual({ saved: [], pages: expect.any(Array), records: 0 });
  const left = await offlineData(page);
  expect(left.pages.filter((p) => !["/", "/_.data"].includes(p))).toEqual([]);
});

test("Remove on the open paper and on My saved papers, and Remove all", async ({ page, baseURL }, testInfo) => {
  // Three removals, each waited for, after a PDF drawn and saved and a model page saved: more than 30 s on a busy CI.
  test.setTimeout(60_000);
  await signUpViaApi(page, baseURL, testInfo);
  const board = await openBoardPaper(page);
  const dialog = viewer(page);
  await page.screenshot({ path: testInfo.outputPath("viewer-saved-360.png") });
  await dialog.getByRole("button", { name: /^Remove / }).click();
  await expect(dialog.getByRole("status").filter({ hasText: "Removed from this device." })).toBeVisible();
  await expect.poll(async () => (await offlineData(page)).records).toBe(0);

  // Saved again by opening it again; then removed from the list.
  await dialog.getByRole("button", { name: "Close" }).click();
  await openBoardPaper(page);
  await page.goto("/saved");
  const items = page.locator("li[data-saved-id]");
  await expect(items).toHaveCount(1);
  await (await hydrated(items.getByRole("button", { name: /^Remove/ }))).click();
  await expect(page.getByRole("status")).toHaveText(`Removed: ${board.title}.`);
  await expect(items).toHaveCount(0);
  await expect(page.getByText("No papers saved yet.")).toBeVisible();
  await expect(page.getByTestId("saved-usage")).toHaveText("0 MB of 50 MB used");

  await page.goto(MODEL_PAGE);
  await expect(page.locator("[data-saved-badge]")).toContainText("Saved for offline");
  await page.goto("/saved");
  await expect(items).toHaveCount(1);
  await (await hydrated(page.getByRole("button", { name: "Remove all" }))).click();
  await expect(page.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.getByRole("button", { name: "Yes, remove all" }).click();
  await expect(page.getByRole("status")).toHaveText("All saved papers were removed from this device.");
  await expect(items).toHaveCount(0);
  // The badge's Remove on the model paper page.
  await page.goto(MODEL_PAGE);
  const badge = page.locator("[data-saved-badge]");
  await badge.getByRole("button", { name: "Remove" }).click();
  await expect(badge.getByRole("status")).toHaveText("Removed from this device.");
  await expect.poll(async () => (await offlineData(page)).records).toBe(0);
});

for (const width of [360, 1280]) {
  test(`My saved papers at ${width} px in English and Marathi: axe, and signed out`, async ({
    page,
    baseURL,
  }, testInfo) => {
    // Four axe runs and a viewer: slower than most tests on a busy machine.
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    // Signed out: how saving works, and a way to sign in.
    await page.goto("/saved");
    await expect(page.getByText("Papers are saved only when you are signed in.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Sign in" })).toHaveAttribute(
      "href",
      "/login?redirectTo=%2Fsaved",
    );
    await expectNoViolations(page, `/saved signed out at ${width}`);
    await signUpViaApi(page, baseURL, testInfo);
    await page.goto(MODEL_PAGE);
    await expect(page.locator("[data-saved-badge]")).toContainText("Saved for offline");
    await page.screenshot({ path: testInfo.outputPath(`model-page-saved-${width}.png`) });
    for (const [path, title] of [
      ["/saved", "My saved papers"],
      ["/mr/saved", "माझ्या जतन केलेल्या प्रश्नपत्रिका"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(page.locator("li[data-saved-id]")).toHaveCount(1);
      await expectNoViolations(page, `${path} at ${width}`);
      await page.screenshot({
        path: testInfo.outputPath(`saved${path.replaceAll("/", "-")}-${width}.png`),
        fullPage: true,
      });
    }
    await page.goto("/mr/maharashtra-board-math-1-question-papers?medium=english");
    const paper = page.locator("li[data-paper-id]").first();
    await (await hydrated(paper.locator('a[href$="/question.pdf"]'))).click();
    await expect(page.getByRole("dialog").locator('[data-page="1"] canvas')).toBeVisible();
    await expect(
      page.getByRole("dialog").getByRole("status").filter({ hasText: "ऑफलाइन वाचण्यासाठी जतन केली" }),
    ).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`viewer-saved-mr-${width}.png`) });
    await expectNoViolations(page, `viewer with saved note at ${width}`);
  });
}

test("offline, a practice page kept for one paper never stands in for another, and Start says it needs the internet", async ({
  page,
  baseURL,
  context,
}, testInfo) => {
  await signUpViaApi(page, baseURL, testInfo);
  const first = "/practice/new?paper=math-1-model-1-mr";
  const second = "/practice/new?paper=math-1-model-2";
  await page.goto(first);
  await controlled(page);
  // Seen online once, with the worker in control: kept for offline reading.
  await page.goto(second);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("2");
  await expect.poll(async () => (await offlineData(page)).pages).toContain("/practice/new");

  await context.setOffline(true);
  // The first paper's page was never kept under its own address: not the second paper's copy.
  await page.goto(first);
  await expect(page.getByRole("heading", { level: 1 })).not.toContainText("Model Paper 2");
  // The second one is there, and its Start button says that starting needs the internet.
  await page.goto(second);
  await hydrated(page.getByRole("button", { name: /^Start/ }));
  await page.getByRole("button", { name: /^Start/ }).click();
  await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
  await expect(page.getByText("This needs the internet")).toBeVisible();
  await context.setOffline(false);
});

test("a paper an admin retired leaves the student's saved papers once they are online (issue 23)", async ({
  browser,
}, testInfo) => {
  // Its own server, with an admin: a paper is retired there while the student's device holds it.
  test.setTimeout(180_000);
  const app = await startConsoleServer();
  const context = await browser.newContext({
    baseURL: app.url,
    viewport: { width: 360, height: 740 },
    hasTouch: true,
    isMobile: true,
    serviceWorkers: "allow",
  });
  const admin = await playwrightRequest.newContext({ baseURL: app.url });
  try {
    const page = await context.newPage();
    await signUpViaApi(page, app.url, testInfo);
    const board = await openBoardPaper(page);
    await page.goto("/saved");
    const items = page.locator("li[data-saved-id]");
    await expect(items).toHaveCount(1);

    const signedIn = await admin.post("/api/v1/login", {
      ...RESEND_ON_RESET,
      data: { email_or_phone: ADMIN.email, password: ADMIN.password },
      headers: { Origin: app.url },
    });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
    const retired = await admin.post(`/admin/papers/${board.id}`, {
      ...RESEND_ON_RESET,
      form: { intent: "retire" },
      headers: { Origin: app.url },
    });
    expect(retired.status()).toBe(200);
    expect(await retired.text()).toContain("is retired");

    // Next time My saved papers opens online, the paper the server no longer serves leaves the list and the device.
    await page.goto("/saved");
    await expect(items).toHaveCount(0);
    await expect(page.getByText("No papers saved yet.")).toBeVisible();
    await expect.poll(async () => (await offlineData(page)).records).toBe(0);
  } finally {
    await admin.dispose();
    await context.close();
    await app.stop();
  }
});
