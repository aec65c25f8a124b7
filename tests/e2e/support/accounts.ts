import type { TestInfo } from "@playwright/test";

/** A sign-up that no other test (or earlier run against the same server) uses. */
export function uniqueAccount(testInfo: TestInfo) {
  const stamp = `${testInfo.workerIndex}${Date.now().toString().slice(-7)}${testInfo.retry}`.slice(-8);
  return {
    name: "Asha Patil",
    email: `asha.${stamp}@example.com`,
    phone: `98${stamp}`,
    password: "mangoes-in-may-2026",
  };
}
