import type { FullConfig } from "@playwright/test";
import { startAppProcess } from "./app-server.ts";
import { chromiumMissingMessage } from "./chromium.ts";

export default async function globalSetup(_config: FullConfig) {
  const missing = chromiumMissingMessage();
  if (missing) throw new Error(missing);
  const app = await startAppProcess();
  // Workers inherit the environment set here.
  process.env.E2E_BASE_URL = app.url;
  process.env.E2E_DATA_DIR = app.dataDir;
  return () => app.stop();
}
