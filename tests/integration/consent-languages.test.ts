/**
 * A parent's consent in both languages (issue 26): the site does not know the parent's language, so the email
 * carries the notice in English and Marathi, the account's language first, each with the link to its own page and
 * the same token; and the consent page's language switch keeps the link working either way. On both databases,
 * through a real SMTP server.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../support/databases.ts";
import { api, newAccount } from "../support/http.ts";
import { startMailingServer, type TestServer } from "../support/server.ts";
import type { TestSmtp } from "../support/smtp.ts";

const TOKEN = "[A-Za-z0-9_-]{43}";

describe.each(testDatabases())("a parent's consent in both languages on $name", (target) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ server, smtp, stop } = await startMailingServer(target));
  }, 60_000);
  afterAll(async () => {
    await stop?.();
  });

  const fromIp = () => ({ "X-Forwarded-For": `10.7.${randomBytes(1)[0]}.${randomBytes(1)[0]}` });

  /** An under-18 sign-up from a page in `lang`, and the email its parent gets. */
  const signUpChild = async (lang: "en" | "mr") => {
    const child = newAccount();
    const parent = `parent-${randomBytes(4).toString("hex")}@example.com`;
    const res = await api(server.url, "/api/v1/signup", {
      json: { ...child, under_18: true, parent_email: parent, lang },
      headers: fromIp(),
    });
    expect(res.status).toBe(202);
    return { child, mail: await smtp.next(parent) };
  };

  /** The links of a message's text, in order, as [path, token]. */
  const linksIn = (text: string) =>
    [...text.matchAll(new RegExp(`https?://[^/\\s]+(/(?:mr/)?parent-consent)\\?token=(${TOKEN})`, "g"))].map(
      (match) => [match[1], match[2]],
    );

  it("mails the notice in Marathi first, then in English, for a sign-up in Marathi, one token in both links", async () => {
    const { child, mail } = await signUpChild("mr");
    expect(mail.subject).toBe(`${child.name} PaperStation वापरण्यासाठी तुमची संमती मागत आहे`);
    const links = linksIn(mail.text);
    expect(links.map(([path]) => path)).toEqual(["/mr/parent-consent", "/parent-consent"]);
    expect(links[0]?.[1]).toBe(links[1]?.[1]);
    // Said in English at the top, so that a parent who reads English knows to read on.
    expect(mail.text.split("\n")[0]).toBe("The same message in English is below.");
    const marathi = mail.text.indexOf("त्यांचे वय 18 पेक्षा कमी असल्याने");
    const english = mail.text.indexOf("Because they are under 18, their account starts only if you agree.");
    expect(marathi).toBeGreaterThan(0);
    expect(english).toBeGreaterThan(marathi);
    expect(mail.html).toContain('<html lang="mr">');
    expect(mail.html).toContain('<div lang="en">');
    expect(mail.html).toContain("वाचा आणि उत्तर द्या</a>");
    expect(mail.html).toContain("Read and answer</a>");
  });

  it("mails the notice in English first, then in Marathi, for a sign-up in English", async () => {
    const { child, mail } = await signUpChild("en");
    expect(mail.subject).toBe(`${child.name} asks for your consent to use PaperStation`);
    const links = linksIn(mail.text);
    expect(links.map(([path]) => path)).toEqual(["/parent-consent", "/mr/parent-consent"]);
    expect(links[0]?.[1]).toBe(links[1]?.[1]);
    expect(mail.text.split("\n")[0]).toBe("हाच संदेश मराठीत खाली दिला आहे.");
    expect(mail.text.indexOf("Hello,")).toBeLessThan(mail.text.indexOf("नमस्कार,"));
  });

  it("keeps the link working through the page's language switch, both ways, and takes the answer in Marathi", async () => {
    const { mail } = await signUpChild("en");
    const token = linksIn(mail.text)[0]?.[1] as string;
    /** The page at `path`, and where its language switch leads once followed. */
    const open = async (path: string) => {
      const page = await fetch(`${server.url}${path}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      const href = /href="(\/language\/(?:en|mr)\?next=[^"]+)"/.exec(html)?.[1]?.replaceAll("&amp;", "&");
      if (!href) throw new Error(`no language switch on ${path}`);
      const switched = await fetch(`${server.url}${href}`, { redirect: "manual" });
      expect(switched.status).toBe(303);
      return { html, next: switched.headers.get("location") ?? "" };
    };
    const english = await open(`/parent-consent?token=${token}`);
    expect(english.html).toContain(`value="${token}"`);
    expect(english.html).toContain("Agree</button>");
    expect(english.next).toBe(`/mr/parent-consent?token=${token}`);

    const marathi = await open(english.next);
    expect(marathi.html).toContain('<html lang="mr"');
    expect(marathi.html).toContain(`value="${token}"`);
    expect(marathi.html).toContain("संमती द्या</button>");
    expect(marathi.next).toBe(`/parent-consent?token=${token}`);

    // The link still answers, from the Marathi page.
    const declined = await fetch(`${server.url}/mr/parent-consent?token=${token}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...fromIp() },
      body: new URLSearchParams({ token, answer: "decline" }),
    });
    expect(declined.status).toBe(200);
    expect(await declined.text()).toContain("तुम्ही नकार दिला.");
  });
});
