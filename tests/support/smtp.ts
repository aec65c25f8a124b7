/**
 * A real SMTP server for tests (issue 26): `smtp-server` on loopback, on a free port, keeping every message it
 * accepts, parsed by `mailparser`. The server under test sends to it through nodemailer, as it would to a
 * real mail server. `next` waits for a message by condition, never by time.
 */
import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface TestSmtp {
  url: string;
  received: ReceivedMail[];
  /** The first message to `to` after the `seen` first ones, when it arrives. */
  next(to: string, seen?: number): Promise<ReceivedMail>;
  /** How many messages went to `to` so far. */
  count(to: string): number;
  close(): Promise<void>;
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail: ParsedMail) => {
          // Recorded before the server answers 250, so a sender that saw its message accepted finds it here.
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address).join(","),
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            html: typeof mail.html === "string" ? mail.html : "",
          });
          for (const wake of waiters) wake();
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = (server as unknown as { server: { address(): AddressInfo } }).server.address();
  const to = (address: string) => received.filter((mail) => mail.to === address.toLowerCase() || mail.to === address);
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    count: (address) => to(address).length,
    next(address, seen = 0) {
      return new Promise((resolve) => {
        const check = () => {
          const mail = to(address)[seen];
          if (!mail) return;
          waiters.delete(check);
          resolve(mail);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The reset link's token in a message's text. */
export function resetToken(mail: ReceivedMail): string {
  const token = mail.text.match(/\/reset-password\?token=([A-Za-z0-9_-]{43})/)?.[1];
  if (!token) throw new Error(`no reset link in: ${mail.text}`);
  return token;
}
