/**
 * Client-side navigation, as a student taps through the site: every request the page makes on the
 * way (route data, scripts, images) must succeed. Issue 10: article data answered 404 on `/<slug>.data`.
 */
import type { Page } from "@playwright/test";
import { footerLabel, SUBJECTS } from "../../domain/subjects.ts";
import { BLOG_PAGE_SIZE, getArticles } from "../../server/content/articles.server.ts";
import { hydrated } from "./support/hydration.ts";
import { expect, test } from "./support/test.ts";

function failedResponses(page: Page): string[] {
  const failed: string[] = [];
  page.on("response", (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  return failed;
}

const articles = getArticles();

test("from /blogs, Read More opens every article in the client, with no failed request", async ({ page }) => {
  test.slow();
  const failed = failedResponses(page);
  const dataRequests: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.endsWith(".data")) dataRequests.push(new URL(request.url()).pathname);
  });
  for (const [index, article] of articles.entries()) {
    const listPage = Math.floor(index / BLOG_PAGE_SIZE) + 1;
    await page.goto(listPage === 1 ? "/blogs" : `/blogs?page=${listPage}`);
    const readMore = page.locator(`a[href="${article.path}"]`, { hasText: "Read More" });
    await (await hydrated(readMore)).click();
    await expect(page).toHaveURL(article.path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(article.title);
    expect(dataRequests, "the article's data came by client navigation").toContain(`${article.path}.data`);
  }
  expect(failed).toEqual([]);
});

test("the footer opens every subject page in the client, with no failed request", async ({ page }) => {
  test.slow();
  const failed = failedResponses(page);
  await page.goto("/about-us");
  for (const subject of SUBJECTS) {
    const link = page.locator("footer").getByRole("link", { name: footerLabel(subject), exact: true });
    await (await hydrated(link)).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${subject.name} Question Papers`);
  }
  expect(failed).toEqual([]);
});
