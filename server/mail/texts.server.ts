/**
 * The emails' texts, in the account's language, from the message catalogs (`mail.*`, content/i18n/*\/mail.yaml):
 * plain text, and simple HTML with the same words (no images, no tracking: nothing is loaded when it is opened).
 */
import { LOCALES, type Locale } from "../../domain/i18n.ts";
import { escapeHtml } from "../http/escape.server.ts";
import { serverI18n } from "../i18n/catalog.server.ts";

export type AccountMailKind = "passwordReset" | "emailChange" | "emailChanged" | "parentConsent";

const FILE_KIND: Record<AccountMailKind, string> = {
  passwordReset: "password-reset",
  emailChange: "email-change",
  emailChanged: "email-changed",
  parentConsent: "parent-consent",
};

export interface AccountMailText {
  kind: string;
  subject: string;
  text: string;
  html: string;
}

const HTML_STYLE = "font-family:sans-serif;line-height:1.5;color:#0f172a";

/** One language's message: the subject, the plain text and the HTML body's paragraphs. */
function messageIn(kind: AccountMailKind, locale: Locale, values: { name: string; link: string }) {
  const i18n = serverI18n(locale);
  const part = (name: string) => i18n._(`mail.${kind}.${name}`, { name: values.name });
  const text = [
    part("greeting"),
    "",
    part("body"),
    "",
    values.link,
    "",
    part("ignore"),
    "",
    `— ${part("signature")}`,
  ].join("\n");
  const link = escapeHtml(values.link);
  const html = `<p>${escapeHtml(part("greeting"))}</p>
<p>${escapeHtml(part("body"))}</p>
<p><a href="${link}" style="display:inline-block;background:#4338ca;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(part("action"))}</a></p>
<p style="word-break:break-all;font-size:14px">${link}</p>
<p>${escapeHtml(part("ignore"))}</p>
<p>— ${escapeHtml(part("signature"))}</p>`;
  return { subject: part("subject"), text, html };
}

/** A message with one link: greeting, text, the link (as a button in HTML), what to do if unasked, signature. */
export function accountMail(
  kind: AccountMailKind,
  locale: Locale,
  values: { name: string; link: string },
): AccountMailText {
  const { subject, text, html } = messageIn(kind, locale, values);
  return {
    kind: FILE_KIND[kind],
    subject,
    text,
    html: `<!doctype html><html lang="${locale}"><body style="${HTML_STYLE}">\n${html}\n</body></html>`,
  };
}

/**
 * The same message in both languages, for someone whose language the site does not know (a parent asked for
 * consent, issue 26): `first` (the account's language) whole with its subject, then the other whole, each with
 * the link to its own language's page. It opens with a line, in the other language, that says it follows.
 */
export function bilingualAccountMail(
  kind: AccountMailKind,
  first: Locale,
  values: { name: string; links: Record<Locale, string> },
): AccountMailText {
  const other = LOCALES.find((locale) => locale !== first) ?? first;
  const [one, two] = [first, other].map((locale) =>
    messageIn(kind, locale, { name: values.name, link: values.links[locale] }),
  );
  if (!one || !two) throw new Error("no languages");
  const below = serverI18n(other)._("mail.otherLanguageBelow");
  return {
    kind: FILE_KIND[kind],
    subject: one.subject,
    text: [below, "", one.text, "", "————————", "", two.text].join("\n"),
    html: `<!doctype html><html lang="${first}"><body style="${HTML_STYLE}">
<p lang="${other}" style="font-size:14px;color:#475569">${escapeHtml(below)}</p>
<div>
${one.html}
</div>
<hr>
<div lang="${other}">
${two.html}
</div>
</body></html>`,
  };
}
