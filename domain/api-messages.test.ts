import { describe, expect, it } from "vitest";
import type { ZodType } from "zod";
import { API_MESSAGE_KEYS } from "./api-messages.ts";
import { UNSHOWN_API_MESSAGE_KEYS } from "./api-messages-unshown.ts";
import {
  changePasswordSchema,
  deleteAccountSchema,
  emailChangeSchema,
  phoneChangeSchema,
  signupSchema,
  withdrawSchema,
} from "./auth.ts";
import { AGE_MESSAGES, CONSENT_MESSAGES } from "./consent.ts";

/** Each field's message for `input`, as the pages' actions put them in `errors`. */
function fieldMessages(schema: ZodType, input: Record<string, unknown>): Record<string, string> {
  const issues = schema.safeParse(input).error?.issues ?? [];
  return Object.fromEntries(issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("the account's API messages in Marathi (issue 26)", () => {
  it("has a catalog key for every message of a parent's consent", () => {
    const keys = { ...API_MESSAGE_KEYS, ...UNSHOWN_API_MESSAGE_KEYS };
    const missing = [...Object.values(CONSENT_MESSAGES), ...Object.values(AGE_MESSAGES)].filter((text) => !keys[text]);
    expect(missing).toEqual([]);
  });

  it("has a key in the forms' table for every field message the sign-up, profile and children forms show", () => {
    // What a browser's form sends: empty fields, an unticked box, and for sign-up a parent's email that is missing
    // or the student's own. A `confirm` box's message is never shown as it comes: the pages say their own.
    const student = { name: "Sai", email: "sai@example.com", phone: "9822012345", password: "rainy-june" };
    const shown = [
      fieldMessages(signupSchema, { ...student, under_18: true }),
      fieldMessages(signupSchema, { ...student, under_18: true, parent_email: "SAI@example.com" }),
      fieldMessages(changePasswordSchema, { current: "", password: "rainy-june-2027" }),
      fieldMessages(emailChangeSchema, { email: "new@example.com", password: "" }),
      fieldMessages(phoneChangeSchema, { phone: "9822012346", password: "" }),
      fieldMessages(deleteAccountSchema, { password: "", confirm: false }),
      fieldMessages(withdrawSchema, { password: "", confirm: false }),
    ].flatMap((errors) => Object.entries(errors).filter(([field]) => field !== "confirm"));
    expect(shown.map(([, text]) => text)).toEqual(
      expect.arrayContaining([
        CONSENT_MESSAGES.parentEmailRequired,
        CONSENT_MESSAGES.parentEmailSame,
        "Password is required",
      ]),
    );
    expect(shown.filter(([, text]) => !API_MESSAGE_KEYS[text])).toEqual([]);
  });

  it("has a key for the boxes to tick before a deletion, which only API clients read", () => {
    const confirms = [
      fieldMessages(deleteAccountSchema, { password: "x", confirm: false }).confirm,
      fieldMessages(withdrawSchema, { password: "x", confirm: false }).confirm,
    ];
    expect(confirms.filter((text) => !text || !UNSHOWN_API_MESSAGE_KEYS[text])).toEqual([]);
  });
});
