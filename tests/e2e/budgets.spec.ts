import type { Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";

/**
 * Page weight budgets (issue 6): compressed bytes over the wire on a first visit with an empty
 * cache. Students pay for every kilobyte of mobile data.
 */
const BUDGET = { js: 110 * 1024, css: 20 * 1024, html: 30 * 1024, total: 170 * 1024 };

const PAGES = [
  { name: "home", path: "/" },
  { name: "subject", path: "/maharashtra-board-math-1-question-papers" },
  { name: "login", path: "/login" },
  { name: "blogs", path: "/blogs" },
  { name: "article", path: "/importance-of-planning" },
  { name: "404", path: "/no-such-page" },
];

interface Weight {
  /** Scripts requested before the load event: what the page needs to start. */
  js: number;
  /** Scripts fetched lazily after load (web-vitals): count toward the total only. */
  lazyJs: number;
  css: number;
  html: number;
  other: number;
  total: number;
  foreign: string[];
  files: string[];
}

async function measure(page: Page, baseURL: string, path: string): Promise<Weight> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const types = new Map<string, { type: string; url: string }>();
  await cdp.send("Page.enable");
  const weight: Weight = { js: 0, lazyJs: 0, css: 0, html: 0, other: 0, total: 0, foreign: [], files: [] };
  // Both events carry timestamps on one monotonic clock, so event delivery order does not matter.
  let loadedAt = Number.POSITIVE_INFINITY;
  const sentAt = new Map<string, number>();
  cdp.on("Page.loadEventFired", (e) => {
    loadedAt = e.timestamp;
  });
  cdp.on("Network.requestWillBeSent", (e) => sentAt.set(e.requestId, e.timestamp));
  const finished: Array<{ requestId: string; encodedDataLength: number }> = [];
  cdp.on("Network.responseReceived", (e) => types.set(e.requestId, { type: e.type, url: e.response.url }));
  cdp.on("Network.loadingFinished", (e) => finished.push(e));
  await page.goto(path, { waitUntil: "load" });
  // Everything a first visit fetches after load (lazy chunks, vitals) counts too.
  await page.waitForLoadState("networkidle");
  await cdp.detach();
  for (const e of finished) {
    const info = types.get(e.requestId);
    if (!info || info.url.startsWith("data:")) continue;
    // encodedDataLength is what crossed the network: compressed body plus headers.
    const bytes = e.encodedDataLength;
    if (new URL(info.url).origin !== new URL(baseURL).origin) weight.foreign.push(info.url);
    if (info.url.endsWith(".pdf")) continue;
    const lazy = (sentAt.get(e.requestId) ?? 0) > loadedAt;
    const kind =
      info.type === "Script"
        ? lazy
          ? "lazyJs"
          : "js"
        : info.type === "Stylesheet"
          ? "css"
          : info.type === "Document"
            ? "html"
            : "other";
    weight[kind] += bytes;
    weight.total += bytes;
    weight.files.push(`${kind} ${(bytes / 1024).toFixed(1)} KB ${new URL(info.url).pathname}`);
  }
  return weight;
}

test("first loads stay within the page weight budgets", async ({ page, baseURL }) => {
  const rows: string[] = [];
  const over: string[] = [];
  for (const { name, path } of PAGES) {
    const w = await measure(page, baseURL ?? "", path);
    const kb = (n: number) => (n / 1024).toFixed(1).padStart(6);
    rows.push(
      `${name.padEnd(8)} js ${kb(w.js)}  lazy js ${kb(w.lazyJs)}  css ${kb(w.css)}  html ${kb(w.html)}  total ${kb(w.total)} KB`,
    );
    for (const key of ["js", "css", "html", "total"] as const) {
      if (w[key] > BUDGET[key]) {
        over.push(`${name}: ${key} ${kb(w[key])} KB > budget ${kb(BUDGET[key])} KB\n    ${w.files.join("\n    ")}`);
      }
    }
    expect(w.foreign, `${name} requested another origin`).toEqual([]);
  }
  console.log(`Page weight (compressed, empty cache):\n${rows.join("\n")}`);
  expect(over, `over budget:\n${rows.join("\n")}`).toEqual([]);
});

test("pdf.js loads only when the viewer opens", async ({ page }) => {
  const requested: string[] = [];
  page.on("request", (r) => requested.push(r.url()));
  await page.goto("/maharashtra-board-math-1-question-papers", { waitUntil: "networkidle" });
  expect(requested.filter((u) => /pdf(\.worker)?[-.]/i.test(new URL(u).pathname))).toEqual([]);
});
