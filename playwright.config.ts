import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS, testBrowserPath } from "./scripts/lib/chromium.ts";

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/support/global-setup.ts",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    trace: "retain-on-failure",
    // No service worker unless a spec asks for one (pwa.spec.ts, offline.spec.ts): a worker installed by one page
    // would answer the next page's requests from its caches, hiding them from budgets and route mocks.
    serviceWorkers: "block",
    launchOptions: {
      executablePath: testBrowserPath(),
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
});
