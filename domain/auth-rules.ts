/**
 * Sign-up and sign-in rules with no dependencies: the forms import this module, the API's zod
 * schemas (domain/auth.ts) are built from it, so both say exactly the same thing, and the
 * browser does not download zod.
 */
/** Messages from spec §5 and §8. */
export const MESSAGES = {
  invalidEmail: "Invalid email format",
  shortPassword: "Password must be at least 8 characters long",
  longPassword: "Password must be at most 128 characters long",
  phoneDigits: "Phone number must be 10 digits",
  phoneMobile: "Enter an Indian mobile number: 10 digits starting with 6, 7, 8 or 9",
  nameRequired: "Please enter your name",
  emailOrPhoneRequired: "Please enter your phone number or email",
  emailOrPhoneInvalid: "Enter a 10-digit phone number or a valid email",
  invalidCredentials: "Invalid credentials / Please SignUp if you dont have an account",
  loggedIn: "User logged in",
  network: "Could not reach the server. Check your connection and try again.",
  fixErrors: "Please correct the fields marked below.",
} as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const COUNTRY_PREFIX = "91";

export const ROLES = [
  { value: 1, label: "Student" },
  { value: 2, label: "Parent" },
  { value: 3, label: "Teacher" },
] as const;

/** The 429 text, from the server's Retry-After seconds (a minute when it is unknown). */
export function tooManyAttemptsMessage(retryAfterSeconds: number | null | undefined): string {
  const minutes = Math.max(1, Math.ceil((retryAfterSeconds ?? 60) / 60));
  return `Too many attempts, try again in ${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** Spec's email rule: something@something.tld with no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}

/**
 * The 10 digits of an Indian mobile number as people write it, or null: spaces, hyphens, dots and brackets
 * go, and so does a leading +91, 91 or 0 when 10 digits remain ("+91 98220 99999", "09822099999"). The
 * same rule at sign-up and sign-in, so that any way of writing a number names the same account.
 */
export function localPhoneDigits(value: string): string | null {
  const compact = value.trim().replace(/[\s\-.()]/g, "");
  const match = /^(?:\+91|91|0)?(\d{10})$/.exec(compact);
  return match?.[1] ?? null;
}

/**
 * A phone field's problem, or null: the form and the API give the same message (an Indian mobile number starts
 * with 6, 7, 8 or 9). `value` is what was typed
 * (any of the ways `localPhoneDigits` takes) or the wire format, 91 + 10 digits.
 */
export function phoneProblem(value: string): string | null {
  const digits = localPhoneDigits(value);
  return digits === null ? MESSAGES.phoneDigits : /^[6-9]/.test(digits) ? null : MESSAGES.phoneMobile;
}

/**
 * Form input as typed: digits only. A pasted number with its +91, 91 or 0 loses the prefix; nothing is cut
 * off silently (a number too long gets the field's message instead of becoming another number).
 */
export function phoneInput(value: string): string {
  const digits = value.replace(/\D/g, "");
  return digits.length > 10 ? (/^(?:91|0)(\d{10})$/.exec(digits)?.[1] ?? digits) : digits;
}

/**
 * Sign-in normalisation (spec §5): a phone number written any of the ways `localPhoneDigits` takes becomes the
 * wire format 91 + 10 digits; anything else with an @ is an email, trimmed; everything else is refused (null).
 */
export function normaliseEmailOrPhone(value: string): { kind: "phone" | "email"; value: string } | null {
  const trimmed = value.trim();
  const digits = localPhoneDigits(trimmed);
  if (digits !== null) return { kind: "phone", value: `${COUNTRY_PREFIX}${digits}` };
  return isEmail(trimmed) ? { kind: "email", value: trimmed } : null;
}
