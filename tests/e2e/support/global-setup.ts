import type { FullConfig } from "@playwright/test";
import { startAppProcess } from "../../../scripts/lib/app-process.ts";
import { chromiumMissingMessage } from "../../../scripts/lib/chromium.ts";

export default async function globalSetup(_config: FullConfig) {
  const missing = chromiumMissingMessage();
  if (missing) throw new Error(missing);
  const app = await startAppProcess();
  // Workers inherit the environment set here.
  process.env.E2E_BASE_URL = app.url;
  process.env.E2E_DATA_DIR = app.dataDir;
  return () => app.stop();
}
