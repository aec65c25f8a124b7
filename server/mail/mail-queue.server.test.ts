/**
 * The mail queue's gauge (issue 28): every message counts from `send` until it is delivered, written or given up,
 * including one waiting for a retry that `close` gives up.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { registry } from "../metrics/metrics.server.ts";
import { createMailer } from "./mail.server.ts";

/** The gauge's value now (process-wide, so tests compare it with its value before). */
async function queued(): Promise<number> {
  const metric = registry.getSingleMetric("paperstation_mail_queue");
  if (!metric) throw new Error("paperstation_mail_queue is not registered");
  return (await metric.get()).values[0]?.value ?? 0;
}

describe("paperstation_mail_queue", () => {
  it("counts a message that waits for a retry until close gives it up", async () => {
    let retrying = () => {};
    const scheduled = new Promise<void>((resolve) => {
      retrying = resolve;
    });
    const log = pino(
      { level: "warn" },
      {
        write: (line: string) => {
          if ((JSON.parse(line) as { msg?: string }).msg === "mail not delivered; will try again") retrying();
        },
      },
    );
    // Nothing listens on port 1 of loopback: the first try fails at once, and the retry is an hour away. A DATA_DIR
    // of its own: close keeps the message in its spool.
    const dataDir = await mkdtemp(path.join(tmpdir(), "ps-mail-queue-"));
    const mailer = createMailer(
      { dataDir, smtpUrl: "smtp://127.0.0.1:1", mailFrom: "PaperStation <no-reply@example.com>" },
      log,
      { retryDelaysMs: [3_600_000] },
    );
    const before = await queued();
    mailer.send({ to: "a@example.com", subject: "s", text: "t", html: "<p>t</p>", kind: "test" });
    expect(await queued()).toBe(before + 1);
    await scheduled;
    expect(await queued()).toBe(before + 1);
    await mailer.close();
    expect(await queued()).toBe(before);
    await rm(dataDir, { recursive: true, force: true });
  });

  it("counts nothing for a message dropped because the mailer is closed", async () => {
    const mailer = createMailer({ dataDir: tmpdir() }, pino({ level: "silent" }));
    await mailer.close();
    const before = await queued();
    mailer.send(async () => null);
    expect(await queued()).toBe(before);
  });
});
