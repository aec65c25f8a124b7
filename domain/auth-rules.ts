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
