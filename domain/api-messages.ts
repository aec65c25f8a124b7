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
  "No such model paper": "api.noSuchModelPaper",
  "The attempt could not be started; please try again": "api.attemptNotStarted",
  "This attempt has ended; its marks can no longer change": "api.attemptEnded",
  "Give yourself marks once the writing time is over": "api.marksAfterWriting",
  "Some marks are not valid": "api.marksInvalid",
  "This attempt ended after 24 hours without a result": "api.attemptExpired",
  "Papers are unavailable right now. Please try again.": "api.papersUnavailable",
};

/** Messages with a number in them: the pattern, the catalog key and the argument's name. */
export const API_MESSAGE_PATTERNS: readonly { pattern: RegExp; key: string; arg: string }[] = [
  { pattern: /^Too many attempts, try again in (\d+) minutes?$/, key: "api.tooManyAttempts", arg: "minutes" },
  { pattern: /^The server answered (\d+)\. Please try again\.$/, key: "api.serverAnswered", arg: "status" },
];
