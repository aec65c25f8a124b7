/**
 * The admin console (issue 15) in a real browser against its own production server: hidden from everyone
 * but an admin, then an admin's day at a phone's width and at a desktop's — upload with progress, replace,
 * retire and restore (the students' page and the PDF follow), a year note, and a student's report marked
 * fixed — with axe on every console page.
 */
import { randomBytes } from "node:crypto";
import type { Page, TestInfo } from "@playwright/test";
import { subjectByKey, subjectPath } from "../../domain/subjects.ts";
import type { AppProcess } from "../../scripts/lib/app-process.ts";
import { ADMIN, bigPdf, startConsoleServer } from "./support/admin.ts";
import { expectNoViolations } from "./support/axe.ts";
import { expect, RESEND_ON_RESET, test } from "./support/test.ts";

test.describe.configure({ mode: "serial" });

let app: AppProcess;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  app = await startConsoleServer();
});

test.afterAll(async () => {
  await app?.stop();
});

const at = (path: string) => `${app.url}${path}`;

/** The page's status message with this text (a page may have other, empty, live regions). */
const statusWith = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

async function signInAsAdmin(page: Page) {
  const response = await page.request.post(at("/api/v1/login"), {
    ...RESEND_ON_RESET,
    data: { email_or_phone: ADMIN.email, password: ADMIN.password },
    headers: { Origin: app.url },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The page fits the screen: nothing but a table's own scrolling box is wider than the viewport. */
async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "page wider than the screen").toBeLessThanOrEqual(0);
}

/** axe, the width check, and a full-page screenshot in the test's output to look at. */
async function checkPage(page: Page, testInfo: TestInfo, name: string, width: number) {
  // From the top: scrolled, the site's sticky header covers the console's links, which axe reports as too small.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectNoViolations(page, `${name} at ${width} px`);
  await expectNoSideways(page);
  await page.screenshot({ path: testInfo.outputPath(`${width}-${name}.png`), fullPage: true });
}

test("the console is a 404 page to visitors and students", async ({ page }) => {
  const notFound = await page.goto(at("/no-such-page"));
  expect(notFound?.status()).toBe(404);
  const notFoundTitle = await page.title();
  const paths = [
    "/admin",
    "/admin/upload",
    "/admin/reports",
    "/admin/papers/math-1-2023-march-marathi",
    "/admin/audit",
    "/admin/accounts",
  ];
  // The same answer as any unknown page, with the cache policy of any page for that visitor (signed in: private,
  // no-store since issue 23).
  const expectHidden = async (cacheControl = "no-cache") => {
    for (const path of paths) {
      const response = await page.goto(at(path));
      expect(response?.status(), path).toBe(404);
      expect(response?.headers()["cache-control"], path).toBe(cacheControl);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
      await expect(page).toHaveTitle(notFoundTitle);
      await expect(page.getByRole("navigation", { name: "Admin sections" })).toHaveCount(0);
    }
    // A form post to the console is refused the same way.
    const posted = await page.request.post(at("/admin/papers/math-1-2023-march-marathi"), {
      ...RESEND_ON_RESET,
      form: { intent: "retire" },
      headers: { Origin: app.url },
    });
    expect(posted.status()).toBe(404);
  };
  await expectHidden();

  const tag = randomBytes(4).toString("hex");
  const signedUp = await page.request.post(at("/api/v1/signup"), {
    ...RESEND_ON_RESET,
    data: {
      name: "Student Sai",
      email: `sai-${tag}@example.com`,
      phone: `91${String(Number.parseInt(tag, 16) % 1e9).padStart(10, "7")}`,
      password: "student-password-1",
      role: 1,
      under_18: false,
    },
    headers: { Origin: app.url },
  });
  expect(signedUp.status(), await signedUp.text()).toBe(201);
  await expectHidden("private, no-store");
});

const FLOWS = [
  { width: 360, height: 780, subject: "math_1", year: "2024", session: "march", note: "2024" },
  { width: 1280, height: 900, subject: "science_1", year: "2025", session: "july", note: "2025" },
] as const;

for (const flow of FLOWS) {
  test(`an admin keeps the catalogue right at ${flow.width} px`, async ({ page }, testInfo) => {
    test.slow();
    await page.setViewportSize({ width: flow.width, height: flow.height });
    const subject = subjectByKey(flow.subject);
    const [question, replacement] = await Promise.all([
      bigPdf(`${subject.name} ${flow.year} question`, flow.width, 3),
      bigPdf(`${subject.name} ${flow.year} question, corrected`, flow.width + 1, 1),
    ]);
    await signInAsAdmin(page);
    let paperId = "";

    await test.step("upload a question paper with progress", async () => {
      const response = await page.goto(at("/admin/upload"));
      // Never kept by a browser or a shared cache, never indexed.
      expect(response?.headers()["cache-control"]).toBe("private, no-store");
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
      await expect(page.getByRole("heading", { level: 1, name: "Upload a paper" })).toBeVisible();
      await checkPage(page, testInfo, "upload", flow.width);
      await page.getByLabel("Subject").selectOption(flow.subject);
      await page.getByLabel("Year").selectOption(flow.year);
      await page.getByLabel("Session").selectOption(flow.session);
      await page.getByLabel("Medium").selectOption("english");
      await page.getByLabel("Question paper (PDF)").setInputFiles({
        name: "question.pdf",
        mimeType: "application/pdf",
        buffer: question,
      });
      // Every value the bar shows, as it shows it (no polling: a mutation observer records each change).
      await page.evaluate(() => {
        const bar = document.querySelector("progress");
        const seen: number[] = [];
        (window as unknown as { progressSeen: number[] }).progressSeen = seen;
        if (bar) {
          new MutationObserver(() => seen.push(bar.value)).observe(bar.closest("form") ?? bar, {
            attributes: true,
            childList: true,
            characterData: true,
            subtree: true,
          });
        }
      });
      // On loopback 3 MB leave in one go; a phone's upload speed (about 1.5 MB/s) shows the bar moving.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 20,
        downloadThroughput: -1,
        uploadThroughput: 1.5 * 1024 * 1024,
      });
      await page.getByRole("button", { name: "Upload", exact: true }).click();
      const status = statusWith(page, "Saved as a new paper.");
      await expect(status).toBeVisible({ timeout: 30_000 });
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await cdp.detach();
      const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
      expect(seen, "progress values").toContain(100);
      expect(
        seen.some((value) => value > 0 && value < 100),
        `an intermediate value among ${seen.join(", ")}`,
      ).toBe(true);
      await expect(page.locator("progress")).toHaveJSProperty("value", 100);
      await expect(page.getByTestId("upload-percent")).toHaveText("100%");

      const open = status.getByRole("link", { name: /^Open / });
      paperId = ((await open.getAttribute("href")) ?? "").replace("/admin/papers/", "");
      expect(paperId).toBe(`${subject.key.replaceAll("_", "-")}-${flow.year}-${flow.session}-english`);
      await open.click();
      await expect(page).toHaveURL(at(`/admin/papers/${paperId}`));
      await expect(page.getByRole("heading", { level: 1 })).toContainText(`${subject.name} ${flow.year}`);
      await checkPage(page, testInfo, "paper", flow.width);
    });

    await test.step("see it in the catalogue", async () => {
      await page.goto(at("/admin"));
      await page.getByLabel("Subject").selectOption(flow.subject);
      await page.getByLabel("Year").selectOption(flow.year);
      await page.getByRole("button", { name: "Show papers" }).click();
      await expect(page).toHaveURL(new RegExp(`subject=${flow.subject}.*year=${flow.year}`));
      // A card on a phone, a table row on a wider screen: the one the admin sees.
      const row = page.locator(`[data-paper="${paperId}"], [data-paper-card="${paperId}"]`).filter({ visible: true });
      await expect(row).toContainText("Official");
      await expect(row).toContainText("English");
      await expect(row).toContainText("3.0 MB · 2 pages");
      await expect(row).toContainText(ADMIN.email);
      await checkPage(page, testInfo, "catalogue", flow.width);
    });

    await test.step("replace the question paper", async () => {
      await page.goto(at(`/admin/papers/${paperId}`));
      await page.getByLabel("Question paper (PDF)").setInputFiles({
        name: "corrected.pdf",
        mimeType: "application/pdf",
        buffer: replacement,
      });
      await page.getByRole("button", { name: "Upload the new file" }).click();
      await expect(statusWith(page, "Saved: the paper's files were replaced.")).toBeVisible();
      await expect(page.locator('[data-file="question"]')).toContainText("1.0 MB · 2 pages");
      await expect(page.locator('[data-audit="paper.replace"]')).toBeVisible();
    });

    await test.step("retire it: gone from the students' page and its PDF answers 404", async () => {
      const listing = at(`${subjectPath(subject)}?medium=english`);
      const pdf = at(`/papers/${paperId}/question.pdf`);
      expect((await page.request.get(pdf, RESEND_ON_RESET)).status()).toBe(200);
      await page.goto(listing);
      await expect(page.locator(`a[href^="/papers/${paperId}/"]`).first()).toBeVisible();

      await page.goto(at(`/admin/papers/${paperId}`));
      await page.getByRole("link", { name: "Retire this paper…" }).click();
      await expect(page.getByRole("heading", { name: /^Retire .*\?$/ })).toBeVisible();
      // An official paper's slot empties: said before, not after (issue 23).
      await expect(page.getByText(/will then show no paper at all/)).toBeVisible();
      // The question is where the keyboard is.
      await expect(page.getByRole("region", { name: /^Retire .*\?$/ })).toBeFocused();
      await checkPage(page, testInfo, "paper-confirm", flow.width);
      await page.getByRole("button", { name: "Yes, retire it" }).click();
      await expect(statusWith(page, "is retired")).toBeVisible();
      const heading = page.getByRole("heading", { level: 1 }).locator("..");
      await expect(heading.getByText("Retired", { exact: true })).toBeVisible();

      expect((await page.request.get(pdf, RESEND_ON_RESET)).status()).toBe(404);
      await page.goto(listing);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator(`a[href^="/papers/${paperId}/"]`)).toHaveCount(0);

      await page.goto(at(`/admin/papers/${paperId}`));
      await page.getByRole("link", { name: "Restore this paper…" }).click();
      await page.getByRole("button", { name: "Yes, restore it" }).click();
      await expect(statusWith(page, "is restored")).toBeVisible();
      expect((await page.request.get(pdf, RESEND_ON_RESET)).status()).toBe(200);
      await page.goto(listing);
      await expect(page.locator(`a[href^="/papers/${paperId}/"]`).first()).toBeVisible();
    });

    await test.step("edit a year note", async () => {
      await page.goto(at("/admin/year-notes"));
      await checkPage(page, testInfo, "year-notes", flow.width);
      await page.getByRole("link", { name: `Edit the ${flow.note} note` }).click();
      const form = page.getByRole("form", { name: `Edit the ${flow.note} note` });
      const text = form.getByLabel("English text", { exact: true });
      await expect(form.getByLabel("Year")).toBeFocused();
      await text.fill("   ");
      await form.getByRole("button", { name: "Save" }).click();
      // The shared schema's message, beside its field, which has the focus.
      await expect(text).toHaveAttribute("aria-invalid", "true");
      await expect(text).toHaveAccessibleDescription("text is required");
      await expect(text).toBeFocused();
      const edited = `Exam in ${flow.session === "march" ? "March" : "July"} ${flow.note}: note edited at ${flow.width} px.`;
      await text.fill(edited);
      await form.getByRole("button", { name: "Save" }).click();
      await expect(statusWith(page, "The note is saved.")).toBeVisible();
      await expect(page.getByText(edited)).toBeVisible();
      await page.goto(at(`${subjectPath(subject)}?medium=english`));
      await expect(page.getByText(edited)).toBeVisible();
    });

    await test.step("mark a student's report fixed", async () => {
      const message = `Page 2 is blank <b>${flow.width}</b> <script>alert(1)</script>`;
      const reported = await page.request.post(at("/api/v1/reports"), {
        ...RESEND_ON_RESET,
        data: { paper_id: paperId, reason: "pages", message },
        headers: { Origin: app.url },
      });
      expect(reported.status(), await reported.text()).toBe(201);
      await page.goto(at("/admin/reports"));
      await expect(page.getByRole("link", { name: "Reports 1 open" })).toBeVisible();
      const report = page.locator("li[data-report]").filter({ hasText: `<b>${flow.width}</b>` });
      // The student's text as typed: shown, never run or rendered as markup.
      await expect(report.locator("blockquote")).toHaveText(message);
      await expect(report.getByRole("link", { name: new RegExp(`${subject.name} ${flow.year}`) })).toHaveAttribute(
        "href",
        `/admin/papers/${paperId}`,
      );
      await checkPage(page, testInfo, "reports", flow.width);
      await report.getByRole("button", { name: /^Mark fixed/ }).click();
      await expect(statusWith(page, "now marked fixed")).toBeVisible();
      await expect(page.getByRole("link", { name: "Open (0)" })).toBeVisible();
      await expect(page.getByRole("link", { name: /^Reports/ })).toHaveAccessibleName("Reports");
      await page.getByRole("link", { name: "Fixed (" }).click();
      await expect(page.locator("li[data-report]").filter({ hasText: `<b>${flow.width}</b>` })).toBeVisible();
    });

    await test.step("read the paper's history in the audit log", async () => {
      await page.goto(at(`/admin/audit?paper=${paperId}`));
      for (const action of ["paper.upload", "paper.replace", "paper.retire", "paper.restore"]) {
        await expect(page.locator(`[data-audit="${action}"]`), action).toHaveCount(1);
      }
      await expect(page.locator('[data-audit="paper.retire"]')).toContainText("retired");
      await checkPage(page, testInfo, "audit", flow.width);
      await page.getByLabel("Admin", { exact: true }).selectOption({ label: `${ADMIN.name} (${ADMIN.email})` });
      await page.getByRole("button", { name: "Show entries" }).click();
      await expect(page).toHaveURL(/admin=/);
      await expect(page.locator('[data-audit="paper.restore"]')).toHaveCount(1);
    });
  });
}

test("the console's forms work without JavaScript; the upload says it needs it", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await signInAsAdmin(page);
    await page.goto(at("/admin/upload"));
    // (Playwright turns scripts off without telling the HTML parser, so the <noscript> text is read from the document.)
    expect(await page.locator("noscript").allTextContents()).toContainEqual(
      expect.stringContaining("Uploading needs JavaScript"),
    );
    await expect(page.getByRole("button", { name: "Upload", exact: true })).toBeDisabled();

    // A year note added and deleted, with the confirmation step, by plain form posts.
    await page.goto(at("/admin/year-notes"));
    const add = page.getByRole("form", { name: "Add a note" });
    await add.getByRole("button", { name: "Add the note" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Fix the marked fields." })).toBeVisible();
    await expect(add.getByLabel("English text", { exact: true })).toHaveAccessibleDescription("text is required");
    await add.getByLabel("Year").selectOption("2021");
    await add.getByRole("checkbox", { name: "Geography" }).check();
    await add.getByLabel("English text", { exact: true }).fill("Geography only: added without JavaScript.");
    await add.getByLabel(/^Marathi text/).fill("फक्त भूगोल: जावास्क्रिप्टशिवाय जोडले.");
    await add.getByRole("button", { name: "Add the note" }).click();
    await expect(statusWith(page, "The note is added.")).toBeVisible();
    const note = page.locator("li[data-note]").filter({ hasText: "added without JavaScript" });
    await expect(note).toContainText("2021 · Geography");
    await expect(note).toContainText("फक्त भूगोल");
    await note.getByRole("link", { name: /^Delete/ }).click();
    await page.getByRole("button", { name: "Yes, delete it" }).click();
    await expect(statusWith(page, "The note is deleted.")).toBeVisible();
    await expect(page.getByText("added without JavaScript")).toHaveCount(0);

    // A retired paper's confirmation and the change itself.
    const id = "math-1-2023-march-marathi";
    await page.goto(at(`/admin/papers/${id}`));
    await page.getByRole("link", { name: "Retire this paper…" }).click();
    await page.getByRole("button", { name: "Yes, retire it" }).click();
    await expect(statusWith(page, "is retired")).toBeVisible();
    await page.getByRole("link", { name: "Restore this paper…" }).click();
    await page.getByRole("button", { name: "Yes, restore it" }).click();
    await expect(statusWith(page, "is restored")).toBeVisible();
  } finally {
    await context.close();
  }
});
