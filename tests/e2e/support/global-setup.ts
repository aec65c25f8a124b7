import type { FullConfig } from "@playwright/test";
import { startAppProcess } from "../../../scripts/lib/app-process.ts";
import { chromiumMissingMessage } from "../../../scripts/lib/chromium.ts";

export default async function globalSetup(_config: FullConfig) {
  const missing = chromiumMissingMessage();
  if (missing) throw new Error(missing);
  // Listening first, then ready: /readyz answers 503 until start-up has built the search index (decision 015),
  // and a search test that ran before it would find nothing. On a new database that is 1–3 s more.
  const app = await startAppProcess(
    {},
    {
      readiness: [
        { path: "/healthz", timeoutMs: 90_000 },
        { path: "/readyz", timeoutMs: 60_000 },
      ],
    },
  );
  // Workers inherit the environment set here.
  process.env.E2E_BASE_URL = app.url;
  process.env.E2E_DATA_DIR = app.dataDir;
  return () => app.stop();
}
