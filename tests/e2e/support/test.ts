import { test as base, expect } from "@playwright/test";

/**
 * Every browser test gets the shared production server as its baseURL, and fails if the
 * page logged a console error or an uncaught exception (CSP violations included).
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  // Each test looks like its own client address (the server trusts X-Forwarded-For from loopback),
  // so the per-IP sign-up and login limits hold for real without one test starving the next.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern
  extraHTTPHeaders: async ({}, use, testInfo) => {
    const n = testInfo.workerIndex * 10_000 + (hash(testInfo.testId) % 10_000);
    await use({ "X-Forwarded-For": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` });
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error("E2E_BASE_URL is not set: run the browser tests through `npm run test:e2e`.");
    await use(url);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(String(error)));
      await use(errors);
      const unexpected = errors.filter((text) => !expectedErrors.some((pattern) => pattern.test(text)));
      expect(unexpected, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Failures a test provokes on purpose log a resource error, which is not a defect: a 4xx answer
 * from the API or a 404 page, and requests a test cuts off with `route.abort("internetdisconnected")`.
 */
const expectedErrors = [
  /Failed to load resource: the server responded with a status of (400|401|403|404|409|429)/,
  /Failed to load resource: net::ERR_INTERNET_DISCONNECTED/,
  // Offline (issue 16), React Router's route discovery cannot reach /__manifest; the page itself carries on.
  /^Failed to fetch manifest patches TypeError: Failed to fetch/,
];

export { expect };

function hash(text: string): number {
  let h = 0;
  for (const char of text) h = (h * 31 + char.charCodeAt(0)) >>> 0;
  return h;
}

/**
 * Options for every `request`/`page.request` call. Playwright's request client keeps idle sockets
 * forever and ignores the server's `Keep-Alive: timeout=5`, so a call made about 6 s after the
 * previous one can go out on a socket the server is closing and fail with ECONNRESET (CI failed
 * once this way, on admin.spec's PDF check). Browsers resend a request in that case; this does
 * the same. Only a reset is retried, never an answer.
 */
export const RESEND_ON_RESET = { maxRetries: 1 } as const;
