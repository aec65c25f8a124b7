import { z } from "zod";

/** Shared by the API and the forms, so both say the same thing (spec §5). */
export const MESSAGES = {
  invalidEmail: "Invalid email format",
  shortPassword: "Password must be at least 8 characters long",
  longPassword: "Password must be at most 128 characters long",
  phoneDigits: "Phone number must be 10 digits",
  nameRequired: "Please enter your name",
  emailOrPhoneRequired: "Please enter your phone number or email",
  emailOrPhoneInvalid: "Enter a 10-digit phone number or a valid email",
  invalidCredentials: "Invalid credentials / Please SignUp if you dont have an account",
  loggedIn: "User logged in",
  network: "Could not reach the server. Check your connection and try again.",
} as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const COUNTRY_PREFIX = "91";

export const ROLES = [
  { value: 1, label: "Student" },
  { value: 2, label: "Parent" },
  { value: 3, label: "Teacher" },
] as const;

/** Spec's email rule: something@something.tld with no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}

/** Form input: keep digits only, at most 10 (spec §5 "strips non-digits as typed"). */
export function phoneInput(value: string): string {
  return value.replace(/\D/g, "").slice(0, 10);
}

/**
 * Sign-in normalisation (spec §5): a numeric value of 10 digits gets the prefix 91, 12 digits are
 * used as they are, any other numeric length is refused (null). Anything else is an email, trimmed.
 */
export function normaliseEmailOrPhone(value: string): { kind: "phone" | "email"; value: string } | null {
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) {
    if (trimmed.length === 10) return { kind: "phone", value: `${COUNTRY_PREFIX}${trimmed}` };
    if (trimmed.length === 12) return { kind: "phone", value: trimmed };
    return null;
  }
  return isEmail(trimmed) ? { kind: "email", value: trimmed } : null;
}

const password = z
  .string({ error: "Password is required" })
  .min(PASSWORD_MIN, MESSAGES.shortPassword)
  .max(PASSWORD_MAX, MESSAGES.longPassword);

/** The API body of POST /api/v1/signup. `phone` arrives as 91 + 10 digits; 10 digits alone are accepted too. */
export const signupSchema = z.object({
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, MESSAGES.nameRequired)
    .max(100, "Name must be at most 100 characters"),
  email: z.string({ error: "Email is required" }).trim().refine(isEmail, MESSAGES.invalidEmail),
  phone: z
    .union([z.string(), z.number()], { error: "Phone is required" })
    .transform((v) => String(v).trim())
    .refine((v) => /^(91)?\d{10}$/.test(v), MESSAGES.phoneDigits)
    .transform((v) => (v.length === 10 ? `${COUNTRY_PREFIX}${v}` : v)),
  password,
  role: z
    .union([z.literal(1), z.literal(2), z.literal(3), z.null()], { error: "Role must be 1, 2 or 3" })
    .optional()
    .transform((v) => v ?? null),
});
export type SignupInput = z.output<typeof signupSchema>;

export const loginSchema = z.object({
  email_or_phone: z
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
    }),
  password,
});
export type LoginInput = z.output<typeof loginSchema>;

/** First message per field, for inline errors and the API's `meta.errors`. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "body");
    errors[key] ??= issue.message;
  }
  return errors;
}
