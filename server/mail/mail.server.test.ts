import { mkdtemp, readdir, readFile, rm, utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { startTestSmtp } from "../../tests/support/smtp.ts";
import {
  createMailer,
  listOutbox,
  MAX_QUEUED,
  OUTBOX_KEEP_MS,
  outboxDir,
  pruneOutbox,
  SPOOL_KEEP_MS,
  sendSpooled,
  spoolDir,
} from "./mail.server.ts";
import { accountMail } from "./texts.server.ts";

/** A logger whose lines the test reads. */
function recordingLog() {
  const lines: Array<Record<string, unknown>> = [];
  const log = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { log, lines };
}

describe("the mailer without SMTP: the outbox", () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  it("writes each message as an .eml file, logs its link without the address, and lists it newest first", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "ps-outbox-"));
    dirs.push(dataDir);
    const { log, lines } = recordingLog();
    const mailer = createMailer({ dataDir }, log);
    expect(mailer.mode).toBe("outbox");
    const link = "http://localhost:3000/mr/reset-password?token=abc";
    mailer.send({ to: "student@example.com", link, ...accountMail("passwordReset", "mr", { name: "सई", link }) });
    mailer.send(async () => null);
    await mailer.idle();
    const files = (await readdir(outboxDir(dataDir))).sort();
    expect(files.filter((f) => f.endsWith(".eml"))).toHaveLength(1);
    const eml = await readFile(path.join(outboxDir(dataDir), files.find((f) => f.endsWith(".eml")) as string), "utf8");
    expect(eml).toMatch(/^To: student@example\.com$/m);
    expect(eml).toContain("Content-Type: text/html");
    const [entry] = await listOutbox(dataDir);
    expect(entry).toMatchObject({
      kind: "password-reset",
      to: "student@example.com",
      subject: "PaperStation साठी नवीन पासवर्ड ठेवा",
      link,
    });
    const line = lines.find((l) => l.msg === "mail written to the outbox");
    expect(line).toMatchObject({ kind: "password-reset", link });
    expect(JSON.stringify(lines)).not.toContain("student@example.com");
    await mailer.close();
  });

  it("deletes the messages written more than 7 days ago, both files of each, and keeps the newer", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "ps-outbox-"));
    dirs.push(dataDir);
    expect(await pruneOutbox(dataDir)).toBe(0); // no outbox yet
    const mailer = createMailer({ dataDir }, recordingLog().log);
    for (const to of ["old@example.com", "new@example.com"]) {
      const link = "http://localhost:3000/parent-consent?token=abc";
      mailer.send({ to, link, ...accountMail("parentConsent", "en", { name: "Sai", link }) });
      await mailer.idle();
    }
    await mailer.close();
    const now = new Date();
    const written = await listOutbox(dataDir);
    const old = written.find((entry) => entry.to === "old@example.com");
    if (!old) throw new Error("the old message was not written");
    const aged = new Date(now.getTime() - OUTBOX_KEEP_MS - 60_000);
    for (const file of [old.file, old.file.replace(/\.eml$/, ".json")]) {
      await utimes(path.join(outboxDir(dataDir), file), aged, aged);
    }
    // A message just under the age is kept.
    expect(await pruneOutbox(dataDir, new Date(now.getTime() - 120_000))).toBe(0);
    expect(await pruneOutbox(dataDir, now)).toBe(2);
    expect((await listOutbox(dataDir)).map((entry) => entry.to)).toEqual(["new@example.com"]);
    expect(await readdir(outboxDir(dataDir))).toHaveLength(2);
  });

  it("escapes the name in the HTML part", () => {
    const mail = accountMail("passwordReset", "en", { name: "<b>Sai</b>", link: "http://x/?a=1&b=2" });
    expect(mail.html).toContain("Hello &lt;b&gt;Sai&lt;/b&gt;,");
    expect(mail.html).toContain('href="http://x/?a=1&amp;b=2"');
    expect(mail.text).toContain("Hello <b>Sai</b>,");
  });

  it("drops what is beyond the queue's bound instead of growing, and says so", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "ps-outbox-"));
    dirs.push(dataDir);
    const { log, lines } = recordingLog();
    const mailer = createMailer({ dataDir }, log);
    // Jobs that wait until released: the queue fills.
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    for (let i = 0; i < MAX_QUEUED + 3; i += 1) mailer.send(() => gate.then(() => null));
    expect(lines.filter((l) => l.msg === "mail dropped: the queue is full or closed")).toHaveLength(3);
    release();
    await mailer.idle();
    await mailer.close();
  });

  it("gives a message up after its retries when the mail server cannot be reached", async () => {
    const { log, lines } = recordingLog();
    // Nothing listens on port 1 of loopback: every try fails at once.
    const mailer = createMailer(
      { dataDir: tmpdir(), smtpUrl: "smtp://127.0.0.1:1", mailFrom: "PaperStation <no-reply@example.com>" },
      log,
      { retryDelaysMs: [1, 1] },
    );
    expect(mailer.mode).toBe("smtp");
    mailer.send({ to: "a@example.com", subject: "s", text: "t", html: "<p>t</p>", kind: "test" });
    await mailer.idle();
    expect(lines.filter((l) => l.msg === "mail not delivered; will try again")).toHaveLength(2);
    expect(lines.filter((l) => l.msg === "mail could not be delivered; given up")).toHaveLength(1);
    await mailer.close();
  });

  it("keeps a message still waiting for a retry at close, and the next start sends it through a real SMTP server", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "ps-spool-"));
    dirs.push(dataDir);
    const { log, lines } = recordingLog();
    // Nothing listens on port 1 of loopback: the first try fails, and the retry is an hour away when the server stops.
    const down = createMailer(
      { dataDir, smtpUrl: "smtp://127.0.0.1:1", mailFrom: "PaperStation <no-reply@example.com>" },
      log,
      { retryDelaysMs: [3_600_000] },
    );
    const mail = { to: "sai@example.com", subject: "Reset your password", text: "t", html: "<p>t</p>", kind: "test" };
    down.send(mail);
    await expect.poll(() => lines.some((l) => l.msg === "mail not delivered; will try again")).toBe(true);
    await down.close();
    const kept = await readdir(spoolDir(dataDir));
    expect(kept).toHaveLength(1);
    expect(lines.some((l) => l.msg === "mail not yet delivered kept for the next start")).toBe(true);

    const smtp = await startTestSmtp();
    try {
      const up = createMailer({ dataDir, smtpUrl: smtp.url, mailFrom: "PaperStation <no-reply@example.com>" }, log);
      expect(await sendSpooled(dataDir, up, log)).toBe(1);
      expect((await smtp.next("sai@example.com")).subject).toBe("Reset your password");
      expect(await readdir(spoolDir(dataDir))).toEqual([]);
      // Sent once: a second start finds nothing.
      expect(await sendSpooled(dataDir, up, log)).toBe(0);

      // One kept longer ago than a reset link lives is removed unsent.
      const late = createMailer(
        { dataDir, smtpUrl: "smtp://127.0.0.1:1", mailFrom: "PaperStation <no-reply@example.com>" },
        log,
        { retryDelaysMs: [3_600_000] },
      );
      late.send({ ...mail, to: "old@example.com" });
      await expect.poll(() => lines.filter((l) => l.msg === "mail not delivered; will try again").length).toBe(2);
      await late.close();
      const [old] = await readdir(spoolDir(dataDir));
      const then = new Date(Date.now() - SPOOL_KEEP_MS - 60_000);
      await utimes(path.join(spoolDir(dataDir), old as string), then, then);
      expect(await sendSpooled(dataDir, up, log)).toBe(0);
      expect(await readdir(spoolDir(dataDir))).toEqual([]);
      await up.idle();
      expect(smtp.count("old@example.com")).toBe(0);
      await up.close();
    } finally {
      await smtp.close();
    }
  });
});
