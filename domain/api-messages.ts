/**
 * The API's user-facing messages (`meta.message`) stay English: they are the API contract (issue 14). Marathi
 * pages show them translated: each known message has a catalog key under `api.`, whose English text must be
 * the message itself (a test checks this).
 */
import { MESSAGES } from "./auth-rules.ts";

export const API_MESSAGE_KEYS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(Object.entries(MESSAGES).map(([name, text]) => [text, `api.auth.${name}`])),
  "Not signed in": "api.notSignedIn",
  "Service temporarily unavailable": "api.unavailable",
  "Too many requests. Please wait a little and try again.": "api.tooManyRequests",
  // "Report a problem" (domain/report-schema.ts's REPORT_MESSAGES, which its test checks are all here). Written
  // out rather than imported: that module brings zod, which must stay out of the browser (decision 005).
  "Say which paper the report is about": "api.report.paperRequired",
  "Choose what is wrong with the paper": "api.report.reasonRequired",
  "The message must be text": "api.report.messageText",
  "The message can be at most 1,000 characters": "api.report.messageLong",
  "No such paper": "api.report.noSuchPaper",
  "This paper has no such question": "api.report.noSuchQuestion",
  "Thank you for telling us. We will check the paper and put it right.": "api.report.thanks",
  // The account rules a form field shows as they come (domain/auth.ts's and domain/consent.ts's CONSENT_MESSAGES),
  // written out for the same reason; domain/api-messages.test.ts checks that every one has its key.
  "Password is required": "api.account.passwordRequired",
  "Say whether you are under 18": "api.consent.ageRequired",
  "Enter your parent's email: a parent must agree before your account starts": "api.consent.parentEmailRequired",
  "Your parent's email must be different from your own": "api.consent.parentEmailSame",
};

/** Messages with a number in them: the pattern, the catalog key and the argument's name. */
export const API_MESSAGE_PATTERNS: readonly { pattern: RegExp; key: string; arg: string }[] = [
  { pattern: /^Too many attempts, try again in (\d+) minutes?$/, key: "api.tooManyAttempts", arg: "minutes" },
  { pattern: /^The server answered (\d+)\. Please try again\.$/, key: "api.serverAnswered", arg: "status" },
  {
    pattern: /^Too many reports in a short time\. Please try again in (\d+) minutes?\.$/,
    key: "api.tooManyReports",
    arg: "minutes",
  },
];
