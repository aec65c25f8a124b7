/**
 * A parent's consent for the account of someone under 18 (issue 26, decision 028; DPDP Act 2023 s.9, DPDP Rules
 * 2025 rule 10). The rules shared by the API, the pages and their tests. No I/O.
 */
import { z } from "zod";

/**
 * The version of the notice a parent agrees to (content/i18n/{en,mr}/account.yaml `consent.notice`). Change it
 * whenever the notice's meaning changes: each consent records the version that was shown.
 */
export const CONSENT_NOTICE_VERSION = "2026-11-28";

/** An account waiting for consent is deleted this long after sign-up (decision 028). */
export const CONSENT_WAIT_MS = 7 * 24 * 60 * 60 * 1000;

/** A sign-in to a waiting account mails the parent again, at most this often. */
export const CONSENT_RESEND_MS = 10 * 60 * 1000;

/**
 * Consent emails per waiting account, in all: the first, the re-sends at sign-in and each change of the parent's
 * address (decision 028, amended 2026-11-29). Past it, sign-in still says the account waits but mails no one.
 */
export const CONSENT_MAX_SENDS = 5;

/** The page that asks an account of unknown age whether it is under 18 (decision 028, amended 2026-11-29). */
export const AGE_PATH = "/age";

/** The answer to "Are you under 18?" stored on the account (`users.age_group`); null is not yet answered. */
export type AgeGroup = "adult" | "minor";

/**
 * The API's English messages (meta.message, and a field's in meta.errors). Marathi pages show them through their
 * `api.consent.*` keys: those a form field shows as they come in domain/api-messages.ts, the others, for which the
 * pages say their own, in domain/api-messages-unshown.ts (written out: those modules stay free of zod). A new message
 * needs its key in both languages' api.yaml; domain/api-messages.test.ts checks that every one has one.
 */
export const CONSENT_MESSAGES = {
  /** Sign-up's 202 for someone under 18: no session, nothing else stored until the parent agrees. */
  asked: "We have emailed your parent. Your account starts when they agree.",
  /** A sign-in with the right password to an account still waiting. */
  waiting: "Your parent has not agreed yet. We have emailed them the link again.",
  ageRequired: "Say whether you are under 18",
  parentEmailRequired: "Enter your parent's email: a parent must agree before your account starts",
  parentEmailSame: "Your parent's email must be different from your own",
  linkInvalid: "This link has expired or was already answered.",
  declarationRequired: "Tick the box to say you are this student's parent or guardian and 18 or older",
  agreed: "Thank you. The account is ready to use.",
  declined: "The sign-up has been deleted.",
  withdrawn: "Consent withdrawn. The student's account and everything in it have been deleted.",
  phoneTaken: "An account with this phone number already exists. Please sign in.",
  noSuchChild: "No such student linked to your account",
} as const;

/**
 * The API's English messages of the age question and a waiting account's change of its parent's email (decision
 * 028, amended 2026-11-29). Only API clients read them as they are: the pages `/age` and `/parent-email` show
 * their own `account.age.*` and `account.parentEmail.*` texts for each (app/auth/age.server.ts).
 */
export const AGE_MESSAGES = {
  /** A study-record write (or POST /api/v1/me/age's refusal) from an account that has not said its age. */
  ageUnknown: "Say whether you are under 18 first: POST /api/v1/me/age with under_18 (and parent_email if true).",
  ageAdult: "Thank you. Your account is ready to use.",
  ageKnown: "Your account has already said whether you are under 18.",
  parentEmailChanged: "We have emailed the new address. The link in the earlier email no longer works.",
  tooManySends:
    "Your parent has been emailed 5 times already. Ask them to open the latest email, or sign up again after the account is deleted.",
  notWaiting: "This account is not waiting for a parent's consent.",
} as const;

/** Hides most of an email, for a page that names it to whoever signed up: "pa•••@gm•••.com". */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "•••";
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf(".");
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : "";
  return `${local.slice(0, Math.min(2, local.length - 1) || 1)}•••@${host.slice(0, 2)}•••${tld}`;
}

/**
 * The parent's answer on the consent page: agree or decline. Agreeing needs the parent's statement that they are
 * the student's parent or guardian and an adult (rule 10's due diligence, decision 028); a parent without an
 * account also gives a name, phone and password for the parent account that follows the child's progress.
 */
export const consentAnswerSchema = z.discriminatedUnion("answer", [
  z.object({ answer: z.literal("decline"), token: z.string().max(200) }),
  z.object({
    answer: z.literal("agree"),
    token: z.string().max(200),
    declaration: z.literal(true, { error: CONSENT_MESSAGES.declarationRequired }),
  }),
]);
