import type { ReceivedMail } from "./smtp.ts";

/** The token of the consent link in a parent's email (decision 028). */
export function consentToken(mail: ReceivedMail): string {
  const token = mail.text.match(/\/parent-consent\?token=([A-Za-z0-9_-]{43})/)?.[1];
  if (!token) throw new Error(`no consent link in: ${mail.text}`);
  return token;
}
