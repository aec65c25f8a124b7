/**
 * Changing the account's email and phone (issue 26) through the real HTTP server on both databases, with a real
 * SMTP server: the email changes only when the link sent to the new address is confirmed (by the page's button,
 * not by opening the link), once; the old address is told; the phone changes at once; the password is required.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailChanges, users } from "../../server/db/schema.ts";
import { testDatabases } from "../support/databases.ts";
import { api, newAccount } from "../support/http.ts";
import { startMailingServer, type TestServer } from "../support/server.ts";
import type { TestSmtp } from "../support/smtp.ts";

describe.each(testDatabases())("email and phone changes on $name", (target) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ server, smtp, stop } = await startMailingServer(target));
  }, 60_000);
  afterAll(async () => {
    await stop?.();
  });

  const db = () => server.services.database.db;
  const signUp = async () => {
    const account = newAccount();
    const res = await api(server.url, "/api/v1/signup", { json: account });
    expect(res.status).toBe(201);
    return { ...account, cookie: res.cookie as string, id: (res.body.data as { user_id: string }).user_id };
  };
  const post = (path: string, form: Record<string, string>, cookie?: string) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
      body: new URLSearchParams(form),
    });
  const linkToken = (text: string) => text.match(/\/confirm-email\?token=([A-Za-z0-9_-]{43})/)?.[1] as string;
  const emailOf = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]?.email;

  it("changes the email only when the new address confirms, once, and tells the old one", async () => {
    const account = await signUp();
    const newEmail = `new-${randomBytes(4).toString("hex")}@example.com`;
    const wrong = await post(
      "/profile",
      { intent: "email", email: newEmail, password: "not-my-password" },
      account.cookie,
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("That is not your current password");
    const asked = await post(
      "/mr/profile",
      { intent: "email", email: newEmail, password: account.password },
      account.cookie,
    );
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain(`${newEmail} वर आम्ही लिंक पाठवली आहे`);
    const mail = await smtp.next(newEmail);
    expect(mail.subject).toBe("PaperStation साठी तुमचा नवीन ईमेल पक्का करा");
    const token = linkToken(mail.text);
    expect(token).toBeDefined();
    // Opening the link changes nothing: a mail scanner may open it.
    const page = await fetch(`${server.url}/mr/confirm-email?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(await emailOf(account.id)).toBe(account.email);

    const confirmed = await post(`/mr/confirm-email?token=${token}`, { token });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("तुमच्या खात्याचा ईमेल बदलला आहे");
    expect(await emailOf(account.id)).toBe(newEmail);
    const notice = await smtp.next(account.email);
    expect(notice.subject).toBe("तुमचा PaperStation ईमेल बदलला आहे");
    expect(await db().select().from(emailChanges).where(eq(emailChanges.userId, account.id))).toEqual([]);
    const again = await post(`/confirm-email?token=${token}`, { token });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("This link has expired or was already used");
    expect(
      (await api(server.url, "/api/v1/login", { json: { email_or_phone: newEmail, password: account.password } }))
        .status,
    ).toBe(200);
  });

  it("refuses an email another account has, the same email, and a bad one, with their messages", async () => {
    const account = await signUp();
    const other = await signUp();
    const taken = await post(
      "/profile",
      { intent: "email", email: other.email.toUpperCase(), password: account.password },
      account.cookie,
    );
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain("Another account has this email");
    const same = await post(
      "/profile",
      { intent: "email", email: account.email, password: account.password },
      account.cookie,
    );
    expect(same.status).toBe(400);
    expect(await same.text()).toContain("This is already your account");
    const bad = await post(
      "/profile",
      { intent: "email", email: "not-an-email", password: account.password },
      account.cookie,
    );
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Invalid email format");
  });

  it("changes the phone at once with the password, and refuses one another account has", async () => {
    const account = await signUp();
    const other = await signUp();
    const taken = await post(
      "/profile",
      { intent: "phone", phone: other.phone, password: account.password },
      account.cookie,
    );
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain("Another account has this phone number");
    const digits = `9${String(Number.parseInt(randomBytes(4).toString("hex"), 16) % 1e9).padStart(9, "0")}`;
    const changed = await post(
      "/profile",
      { intent: "phone", phone: `+91 ${digits}`, password: account.password },
      account.cookie,
    );
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain("Your phone number is changed.");
    const [row] = await db().select().from(users).where(eq(users.id, account.id));
    expect(row?.phone).toBe(`91${digits}`);
    expect(
      (await api(server.url, "/api/v1/login", { json: { email_or_phone: digits, password: account.password } })).status,
    ).toBe(200);
  });
});
