/**
 * The emails' texts, in the account's language, from the message catalogs (`mail.*`, content/i18n/*\/mail.yaml):
 * plain text, and simple HTML with the same words (no images, no tracking: nothing is loaded when it is opened).
 */
import type { Locale } from "../../domain/i18n.ts";
import { escapeHtml } from "../http/escape.server.ts";
import { serverI18n } from "../i18n/catalog.server.ts";

export type AccountMailKind = "passwordReset" | "emailChange" | "emailChanged" | "parentConsent";

const FILE_KIND: Record<AccountMailKind, string> = {
  passwordReset: "password-reset",
  emailChange: "email-change",
  emailChanged: "email-changed",
  parentConsent: "parent-consent",
};

/** A message with one link: greeting, text, the link (as a button in HTML), what to do if unasked, signature. */
export function accountMail(
  kind: AccountMailKind,
  locale: Locale,
  values: { name: string; link: string },
): { kind: string; subject: string; text: string; html: string } {
  const i18n = serverI18n(locale);
  const t = (id: string, values: Record<string, string>) => i18n._(id, values);
  const part = (name: string) => t(`mail.${kind}.${name}`, { name: values.name });
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
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5;color:#0f172a">
<p>${escapeHtml(part("greeting"))}</p>
<p>${escapeHtml(part("body"))}</p>
<p><a href="${link}" style="display:inline-block;background:#4338ca;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(part("action"))}</a></p>
<p style="word-break:break-all;font-size:14px">${link}</p>
<p>${escapeHtml(part("ignore"))}</p>
<p>— ${escapeHtml(part("signature"))}</p>
</body></html>`;
  return { kind: FILE_KIND[kind], subject: part("subject"), text, html };
}
