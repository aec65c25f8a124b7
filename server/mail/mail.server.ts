/**
 * Email (issue 26, decision 026): password-reset links, a new email's confirmation and the old address's notice, and a
 * parent's consent request (in both languages).
 *
 * - With `SMTP_URL` and `MAIL_FROM`, nodemailer sends over SMTP, in the background: `send` queues the message
 *   and returns at once, so a slow or absent mail server never slows a request. A failed delivery is tried
 *   again after 2, 8, 32 and 128 s, then given up with an error in the log.
 * - Without them (the embedded default), each message is written as an `.eml` file to `DATA_DIR/outbox` and
 *   logged at info level with its link, so every flow works on one machine; the console lists the outbox. The
 *   outbox holds addresses and names: the server's hourly sweep deletes a message 7 days after it was written
 *   (`pruneOutbox`), when the longest-lived of its links (a parent's consent) has expired.
 *
 * A message still waiting for a retry when the server stops (a deploy while the mail server is down) is not lost:
 * `close` keeps it in `DATA_DIR/mail-spool`, and the next mailer on that DATA_DIR sends it, if it is younger than
 * SPOOL_KEEP_MS (a reset link works 30 minutes; an older one would only say "expired").
 *
 * The queue is bounded (MAX_QUEUED): a flood of requests cannot grow the process's memory; beyond it a message
 * is dropped with an error in the log, and the student can ask again. Addresses are never logged. /metrics reports
 * the queue's length (a mail server that is down shows as a queue that stays full of retries) and mails by result.
 */
import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { Counter, Gauge } from "prom-client";
import type { Logger } from "../logger.server.ts";
import { registry } from "../metrics/metrics.server.ts";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What the message is, for the log and the outbox's file name: `password-reset`. */
  kind: string;
  /** The message's one link, logged with an outbox message so that a single machine needs no mail server. */
  link?: string;
}

/** A message made in the background (it may need the database), or null when there is nothing to send after all. */
export type MailJob = () => Promise<Mail | null>;

export interface Mailer {
  readonly mode: "smtp" | "outbox";
  /**
   * Queues a message, or a job that makes one, and returns at once. A job runs after the caller's answer, counted
   * as waiting (`idle`), so that whether it sends anything cannot change the caller's timing.
   */
  send(mail: Mail | MailJob): void;
  /** Resolves once every message queued so far has been delivered, written or given up (tests, shutdown). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export interface MailConfig {
  smtpUrl?: string | undefined;
  mailFrom?: string | undefined;
  dataDir: string;
}

/** Messages waiting at most; a new one beyond this is dropped (and logged). */
export const MAX_QUEUED = 500;

/** How long a message kept at close (the spool) is still worth sending at the next start: a reset link's life. */
export const SPOOL_KEEP_MS = 30 * 60 * 1000;

export function spoolDir(dataDir: string): string {
  return path.join(dataDir, "mail-spool");
}
const RETRY_DELAYS_MS = [2_000, 8_000, 32_000, 128_000];

const mails = new Counter({
  name: "paperstation_mail_total",
  help: "Emails by kind and result: sent (SMTP), written (outbox), retried, spooled (kept at shutdown for the next start), failed (given up), dropped (queue full)",
  labelNames: ["kind", "result"] as const,
  registers: [registry],
});

// One gauge for the process, which each mailer moves by its own messages: the server makes one mailer, tests several.
const mailQueue = new Gauge({
  name: "paperstation_mail_queue",
  help: "Emails waiting to be delivered: queued, being sent or written, or waiting to be tried again",
  registers: [registry],
});

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, "outbox");
}

export function createMailer(config: MailConfig, log: Logger, options: { retryDelaysMs?: number[] } = {}): Mailer {
  const smtp = Boolean(config.smtpUrl && config.mailFrom);
  const from = config.mailFrom ?? "PaperStation <no-reply@localhost>";
  const transport = smtp
    ? nodemailer.createTransport(config.smtpUrl as string, { from })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const retryDelays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  const dir = outboxDir(config.dataDir);
  let pending = 0;
  let waiting: Array<() => void> = [];
  let closed = false;
  /** Messages waiting for a retry, by their timer: `close` keeps them in the spool. */
  const timers = new Map<NodeJS.Timeout, Mail>();

  const settle = () => {
    pending -= 1;
    mailQueue.dec();
    if (pending === 0) {
      const resolve = waiting;
      waiting = [];
      for (const done of resolve) done();
    }
  };

  const writeToOutbox = async (mail: Mail) => {
    const info = await transport.sendMail({
      from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
    await mkdir(dir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${mail.kind}-${randomBytes(4).toString("hex")}.eml`;
    await writeFile(path.join(dir, name), (info as unknown as { message: Buffer }).message, { mode: 0o600 });
    // Beside it, what the console lists: the raw message encodes its text (Marathi as quoted-printable).
    const entry = { kind: mail.kind, subject: mail.subject, to: mail.to, link: mail.link ?? null };
    await writeFile(path.join(dir, name.replace(/\.eml$/, ".json")), JSON.stringify(entry), { mode: 0o600 });
    mails.inc({ kind: mail.kind, result: "written" });
    log.info({ kind: mail.kind, file: path.join(dir, name), link: mail.link }, "mail written to the outbox");
  };

  const attempt = async (mail: Mail, tried: number): Promise<void> => {
    try {
      if (smtp) {
        await transport.sendMail({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
        mails.inc({ kind: mail.kind, result: "sent" });
        log.info({ kind: mail.kind }, "mail sent");
      } else {
        await writeToOutbox(mail);
      }
      settle();
    } catch (error) {
      const delay = retryDelays[tried];
      if (delay === undefined || closed) {
        mails.inc({ kind: mail.kind, result: "failed" });
        log.error({ err: error, kind: mail.kind, tries: tried + 1 }, "mail could not be delivered; given up");
        settle();
        return;
      }
      mails.inc({ kind: mail.kind, result: "retried" });
      log.warn({ err: error, kind: mail.kind, retryInMs: delay }, "mail not delivered; will try again");
      const timer = setTimeout(() => {
        timers.delete(timer);
        void attempt(mail, tried + 1);
      }, delay);
      timer.unref();
      timers.set(timer, mail);
    }
  };

  return {
    mode: smtp ? "smtp" : "outbox",
    send(mail) {
      if (closed || pending >= MAX_QUEUED) {
        const kind = typeof mail === "function" ? "job" : mail.kind;
        mails.inc({ kind, result: "dropped" });
        log.error({ kind, queued: pending }, "mail dropped: the queue is full or closed");
        return;
      }
      pending += 1;
      mailQueue.inc();
      // After the current request's work: the caller's answer never waits for the mail server.
      setImmediate(() => {
        if (typeof mail !== "function") return void attempt(mail, 0);
        mail().then(
          (made) => (made ? attempt(made, 0) : settle()),
          (error: unknown) => {
            log.error({ err: error }, "mail could not be made");
            settle();
          },
        );
      });
    },
    idle() {
      return pending === 0 ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve));
    },
    async close() {
      closed = true;
      for (const timer of timers.keys()) clearTimeout(timer);
      // A message waiting for a retry is kept for the next start; one being sent finishes.
      const kept = [...timers.values()];
      pending -= timers.size;
      mailQueue.dec(timers.size);
      timers.clear();
      await spool(kept);
      if (pending > 0) await new Promise<void>((resolve) => waiting.push(resolve));
      transport.close();
    },
  };

  async function spool(kept: Mail[]): Promise<void> {
    if (kept.length === 0) return;
    try {
      const spooled = spoolDir(config.dataDir);
      await mkdir(spooled, { recursive: true });
      for (const mail of kept) {
        const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${mail.kind}-${randomBytes(4).toString("hex")}.json`;
        // As the outbox: the message holds its link, so only this process's user may read it.
        await writeFile(path.join(spooled, name), JSON.stringify(mail), { mode: 0o600 });
        mails.inc({ kind: mail.kind, result: "spooled" });
      }
      log.warn({ messages: kept.length }, "mail not yet delivered kept for the next start");
    } catch (error) {
      for (const mail of kept) mails.inc({ kind: mail.kind, result: "failed" });
      log.error({ err: error, messages: kept.length }, "mail not yet delivered could not be kept; given up");
    }
  }
}

/**
 * The messages an earlier mailer on this DATA_DIR kept at close (see above), sent now through `mailer` and removed;
 * those older than SPOOL_KEEP_MS are removed unsent. Returns how many were queued. Never throws: a spool that cannot
 * be read is logged and left.
 */
export async function sendSpooled(dataDir: string, mailer: Mailer, log: Logger, now = new Date()): Promise<number> {
  const dir = spoolDir(dataDir);
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith(".json"));
  } catch {
    return 0;
  }
  let queued = 0;
  for (const name of names.sort()) {
    const file = path.join(dir, name);
    try {
      const [raw, info] = await Promise.all([readFile(file, "utf8"), stat(file)]);
      // Removed first: a crash between the two sends nothing twice (the student can ask again).
      await unlink(file);
      if (now.getTime() - info.mtimeMs > SPOOL_KEEP_MS) {
        log.info({ file: name }, "kept mail too old to send; removed");
        continue;
      }
      const mail = JSON.parse(raw) as Partial<Mail>;
      const fields = [mail.to, mail.subject, mail.text, mail.html, mail.kind];
      if (!fields.every((field) => typeof field === "string")) throw new Error("not a kept message");
      mailer.send(mail as Mail);
      queued += 1;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT")
        log.warn({ err: error, file: name }, "kept mail unreadable");
    }
  }
  if (queued > 0) log.info({ messages: queued }, "mail kept at the last stop sent again");
  return queued;
}

/** How long the outbox keeps a message: as long as the longest link it can carry (a parent's consent) works. */
export const OUTBOX_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Deletes the outbox's messages (the `.eml` and its `.json`) written more than `keepMs` before `now`. Returns how
 * many files went. A file that another instance sharing DATA_DIR removed first is not an error.
 */
export async function pruneOutbox(dataDir: string, now = new Date(), keepMs = OUTBOX_KEEP_MS): Promise<number> {
  const dir = outboxDir(dataDir);
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith(".eml") || name.endsWith(".json"));
  } catch {
    return 0;
  }
  const before = now.getTime() - keepMs;
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    try {
      if ((await stat(file)).mtimeMs >= before) continue;
      await unlink(file);
      removed += 1;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  return removed;
}

export interface OutboxEntry {
  file: string;
  at: Date;
  kind: string;
  subject: string;
  to: string;
  link: string | null;
}

/** The newest messages of the outbox, for the console (`limit` of them). */
export async function listOutbox(dataDir: string, limit = 50): Promise<OutboxEntry[]> {
  const dir = outboxDir(dataDir);
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith(".json"));
  } catch {
    return [];
  }
  // Named by time first, so the newest sort last.
  names.sort().reverse();
  const entries = await Promise.all(
    names.slice(0, limit).map(async (name) => {
      try {
        const [raw, info] = await Promise.all([readFile(path.join(dir, name), "utf8"), stat(path.join(dir, name))]);
        const entry = JSON.parse(raw) as Omit<OutboxEntry, "file" | "at">;
        return { ...entry, file: name.replace(/\.json$/, ".eml"), at: info.mtime };
      } catch {
        return null;
      }
    }),
  );
  return entries.filter((entry): entry is OutboxEntry => entry !== null);
}
