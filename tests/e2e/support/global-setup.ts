import type { FullConfig } from "@playwright/test";
import { startAppProcess } from "../../../scripts/lib/app-process.ts";
import { chromiumMissingMessage } from "../../../scripts/lib/chromium.ts";

export default async function globalSetup(_config: FullConfig) {
  const missing = chromiumMissingMessage();
  if (missing) throw new Error(missing);
  // Listening first, then ready: /readyz answers 503 until start-up has built the search index (decision 015),
  // and a search test that ran before it would find nothing. On a new database that is 1–3 s more.
  const app = await startAppProcess(
    // Every browser test searches from 127.0.0.1, in parallel: the limit on cache misses (issue 23, tested in
    // tests/integration/hardening.test.ts) would refuse some of them.
    // The listing's layout, the viewer and the console are tested on the generated sample papers (issue 25 §5:
    // a fixture, off by default).
    // TEST_CLOCK lets tests/e2e/review-days.spec.ts set the notebook's day with X-Test-Now.
    { SEARCH_MISS_LIMIT_PER_IP: "100000", SAMPLE_PAPERS: "1", TEST_CLOCK: "1" },
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
