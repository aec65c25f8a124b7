import { test as base, expect } from "@playwright/test";

/**
 * Every browser test gets the shared production server as its baseURL, and fails if the
 * page logged a console error or an uncaught exception (CSP violations included).
 */
export const test = base.extend<{ consoleErrors: string[] }>({
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

/** Responses a test provokes on purpose (a 401, a 404 page) log a resource error: not a defect. */
const expectedErrors = [/Failed to load resource: the server responded with a status of (401|404|429)/];

export { expect };
