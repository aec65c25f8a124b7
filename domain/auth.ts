import { z } from "zod";
import {
  COUNTRY_PREFIX,
  isEmail,
  localPhoneDigits,
  MESSAGES,
  normaliseEmailOrPhone,
  PASSWORD_MAX,
  PASSWORD_MIN,
  phoneProblem,
} from "./auth-rules.ts";
import { CONSENT_MESSAGES } from "./consent.ts";
import { LOCALES } from "./i18n.ts";

export * from "./auth-rules.ts";

const password = z
  .string({ error: "Password is required" })
  .min(PASSWORD_MIN, MESSAGES.shortPassword)
  .max(PASSWORD_MAX, MESSAGES.longPassword);

/** Who the person is: 1 student, 2 parent, 3 teacher. */
export type Role = 1 | 2 | 3;
const role = z
  .union([z.literal(1), z.literal(2), z.literal(3), z.null()], { error: "Role must be 1, 2 or 3" })
  .optional()
  .transform((v) => v ?? null);
const name = z
  .string({ error: "Name is required" })
  .trim()
  .min(1, MESSAGES.nameRequired)
  .max(100, "Name must be at most 100 characters");

const email = z.string({ error: "Email is required" }).trim().refine(isEmail, MESSAGES.invalidEmail);

/** A phone number as people write it, stored as 91 + 10 digits. */
const phone = z.union([z.string(), z.number()], { error: "Phone is required" }).transform((v, ctx) => {
  // The spec's wire format is 91 + 10 digits; the ways people write a number are taken too (issue 23).
  const text = String(v);
  const problem = phoneProblem(text);
  if (problem) {
    ctx.addIssue({ code: "custom", message: problem });
    return z.NEVER;
  }
  return `${COUNTRY_PREFIX}${localPhoneDigits(text)}`;
});

/**
 * The API body of POST /api/v1/signup. `phone` arrives as 91 + 10 digits; 10 digits alone are accepted too.
 * `under_18: true` needs `parent_email`: the account then waits for the parent's consent (decision 028). The
 * site's own forms always ask; a client of the spec's API that does not send `under_18` signs up as before.
 */
export const signupSchema = z
  .object({
    name,
    email,
    phone,
    password,
    role,
    /** The language of the page it signed up on (issue 26): the account's emails are in it. */
    lang: z.enum(LOCALES, { error: "lang must be en or mr" }).optional(),
    under_18: z.boolean({ error: "under_18 must be true or false" }).optional(),
    parent_email: z.string().trim().max(254).optional(),
  })
  .superRefine((input, ctx) => {
    if (!input.under_18) return;
    const problem = parentEmailProblem(input.parent_email, input.email);
    if (problem) ctx.addIssue({ code: "custom", path: ["parent_email"], message: problem });
  });
export type SignupInput = z.output<typeof signupSchema>;

/** What is wrong with a parent's email given for a student under 18 (missing, not an email, the student's own). */
export function parentEmailProblem(parent: string | undefined, own: string | null): string | null {
  if (!parent) return CONSENT_MESSAGES.parentEmailRequired;
  if (!isEmail(parent)) return MESSAGES.invalidEmail;
  if (own !== null && parent.toLowerCase() === own.toLowerCase()) return CONSENT_MESSAGES.parentEmailSame;
  return null;
}

const parentEmail = z.string({ error: "parent_email must be text" }).trim().max(254).optional();

/**
 * POST /api/v1/me/age (decision 028, amended 2026-11-29): an account whose age is not known says it once.
 * `under_18: true` needs `parent_email` (checked against the account's own email by the server).
 */
export const ageAnswerSchema = z
  .object({
    under_18: z.boolean({ error: CONSENT_MESSAGES.ageRequired }),
    parent_email: parentEmail,
  })
  .superRefine((input, ctx) => {
    if (!input.under_18) return;
    const problem = parentEmailProblem(input.parent_email, null);
    if (problem) ctx.addIssue({ code: "custom", path: ["parent_email"], message: problem });
  });

/** "Phone number or email", as sign-in and a reset request take it: normalised, or the message for the field. */
const emailOrPhone = z
  .string({ error: "email_or_phone is required" })
  .max(254, MESSAGES.emailOrPhoneInvalid)
  .transform((v, ctx) => {
    const normalised = normaliseEmailOrPhone(v);
    if (!normalised) {
      ctx.addIssue({
        code: "custom",
        message: v.trim() ? MESSAGES.emailOrPhoneInvalid : MESSAGES.emailOrPhoneRequired,
      });
      return z.NEVER;
    }
    return normalised;
  });

export const loginSchema = z.object({ email_or_phone: emailOrPhone, password });
export type LoginInput = z.output<typeof loginSchema>;
export type EmailOrPhone = LoginInput["email_or_phone"];

/**
 * A waiting account's new parent's email (decision 028, amended): the sign-in's email or phone and password, since
 * a waiting account has no session, and the new address.
 */
export const parentEmailChangeSchema = z.object({
  email_or_phone: emailOrPhone,
  password,
  parent_email: z
    .string({ error: CONSENT_MESSAGES.parentEmailRequired })
    .trim()
    .max(254, MESSAGES.invalidEmail)
    .refine((v) => v !== "", CONSENT_MESSAGES.parentEmailRequired)
    .refine(isEmail, MESSAGES.invalidEmail),
});

/** POST /api/v1/password-reset (issue 26): the account's email or phone, and the language of the email. */
export const resetRequestSchema = z.object({
  email_or_phone: emailOrPhone,
  lang: z.enum(LOCALES, { error: "lang must be en or mr" }).optional(),
});

/** POST /api/v1/password-reset/confirm: the link's token and the new password (the sign-up rules). */
export const resetPasswordSchema = z.object({
  token: z.string({ error: "token is required" }).max(200, "token is not valid"),
  password,
});

/** The profile's details (issue 26): the name and who the person is. */
export const detailsSchema = z.object({ name, role });

/** The current password: any text, checked against the stored hash. */
const currentPassword = z.string({ error: "Password is required" }).min(1, "Password is required").max(PASSWORD_MAX);

/** A new password, the current one required. */
export const changePasswordSchema = z.object({ current: currentPassword, password });

/** Deleting the account: the password, and the box that says the student understands. */
export const deleteAccountSchema = z.object({
  password: currentPassword,
  confirm: z.literal(true, { error: "Confirm that the account is to be deleted" }),
});

/** A new email for the account (confirmed by a link to it), the current password required. */
export const emailChangeSchema = z.object({ email, password: currentPassword });

/** A new phone number, the current password required. */
export const phoneChangeSchema = z.object({ phone, password: currentPassword });

/** A parent account made on the consent page (decision 028): the sign-up rules; its email is the link's. */
export const parentAccountSchema = z.object({ name, phone, password });

/** Withdrawing a parent's consent: the parent's password, and the box that says everything of the child goes. */
export const withdrawSchema = z.object({
  password: currentPassword,
  confirm: z.literal(true, { error: "Confirm that the student's account is to be deleted" }),
});
