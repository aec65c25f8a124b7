import { type AppProcess, startAppProcess } from "../../../scripts/lib/app-process.ts";
import { startTestSmtp, type TestSmtp } from "../../support/smtp.ts";
import { test } from "./test.ts";

/**
 * A spec's own production server that sends its email through a real SMTP server started beside it (issue 26):
 * both start before the spec's first test and stop after its last. Read them through the returned getters.
 */
export function startMailingAppForSpec(): { app(): AppProcess; smtp(): TestSmtp } {
  let smtp: TestSmtp | undefined;
  let app: AppProcess | undefined;
  test.beforeAll(async () => {
    // A fresh data directory typesets the model papers on start: slow when other work shares the machine.
    test.setTimeout(120_000);
    smtp = await startTestSmtp();
    app = await startAppProcess({
      SMTP_URL: smtp.url,
      MAIL_FROM: "PaperStation <no-reply@paperstation.test>",
      SAMPLE_PAPERS: "0",
      LOG_LEVEL: "warn",
    });
  });
  test.afterAll(async () => {
    await app?.stop();
    await smtp?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (!value) throw new Error("the mailing app has not started");
    return value;
  };
  return { app: () => started(app), smtp: () => started(smtp) };
}
