/**
 * Two small pages of decision 028 (amended 2026-11-29), plain form posts that work without JavaScript:
 * - `/age`: "Are you under 18?" for an account that has not said (app/requests/middleware.server.ts sends it here).
 *   18 or older carries on to where the student was going; under 18 asks the parent (server/auth/age.server.ts).
 *   The account's "Delete my account" works here too, through the profile's own action.
 * - `/parent-email`: a waiting account gives another parent's email (a mistyped one), with its sign-in details.
 */
import { data, type RouterContextProvider, redirect } from "react-router";
import { MESSAGES, parentEmailChangeSchema } from "../../domain/auth.ts";
import { AGE_MESSAGES, CONSENT_MESSAGES } from "../../domain/consent.ts";
import { formField } from "../../domain/form-data.ts";
import { formatDay, indianDay, localeFromPath, localizePath } from "../../domain/i18n.ts";
import { safeRedirect } from "../../domain/redirect.ts";
import { fieldErrors } from "../../domain/validation.ts";
import { changeWaitingParentEmail } from "../../server/auth/accounts.server.ts";
import { declareAge } from "../../server/auth/age.server.ts";
import { destroySession } from "../../server/auth/session.server.ts";
import { expressRequestContext, servicesContext } from "../context";
import { formRefusal } from "../requests/refusal.server";
import { getUser } from "../requests/session.server";
import { orUnavailable } from "../requests/unavailable.server";
import { profileAction } from "./profile.server";

type Context = Readonly<RouterContextProvider>;

/** Where the student goes once answered: the page they were opening, judged by the site's one redirect guard. */
function target(url: URL): string {
  return safeRedirect(url.searchParams.get("redirectTo"), localizePath("/", localeFromPath(url.pathname)));
}

export async function ageLoader(context: Context, url: URL) {
  const user = await getUser(context);
  // Answered already (in another tab, say): nothing to ask.
  if (user && user.ageGroup !== null) throw redirect(target(url));
  const login = localizePath("/login", localeFromPath(url.pathname));
  const here = `${url.pathname}${url.search}`;
  return { signedIn: user !== null, login: `${login}?tab=sign_in&redirectTo=${encodeURIComponent(here)}` };
}

export type AgePageResult =
  | { intent: "age"; asked: string }
  | { intent: "age"; asked?: undefined; errors: Record<string, string>; values: Record<string, string> };

/** The answer (`under_18` yes or no, `parent_email` for yes), or the account's deletion (the profile's action). */
export async function ageAction(context: Context, request: Request, url: URL) {
  const form = await request.clone().formData();
  if (formField(form, "intent") === "delete") return profileAction(context, request, url);
  const user = await getUser(context);
  if (!user) throw redirect(localizePath("/login?tab=sign_in", localeFromPath(url.pathname)));
  const under18 = formField(form, "under_18");
  const values = { under_18: under18, parent_email: formField(form, "parent_email").trim() };
  const refuse = (errors: Record<string, string>) =>
    data<AgePageResult>({ intent: "age", errors, values }, { status: 400 });
  if (under18 !== "yes" && under18 !== "no") return refuse({ under_18: "auth.under18Required" });
  const services = context.get(servicesContext);
  const answer = { under_18: under18 === "yes", parent_email: values.parent_email || undefined };
  const outcome = await orUnavailable(() => declareAge(services, user.id, answer));
  if (outcome.done === "adult" || (outcome.done === false && outcome.reason === "known")) {
    throw redirect(target(url));
  }
  if (outcome.done === false && outcome.reason === "gone")
    throw redirect(localizePath("/", localeFromPath(url.pathname)));
  if (outcome.done === false) {
    const key: Record<string, string> = {
      [CONSENT_MESSAGES.parentEmailRequired]: "auth.parentEmailRequired",
      [CONSENT_MESSAGES.parentEmailSame]: "auth.parentEmailSame",
    };
    return refuse({ parent_email: key[outcome.message] ?? outcome.message });
  }
  // Under 18: signed out until the parent agrees, as a new under-18 sign-up is.
  const cookie = await orUnavailable(() => destroySession(context.get(expressRequestContext)));
  return data<AgePageResult>({ intent: "age", asked: outcome.parentEmail }, { headers: { "Set-Cookie": cookie } });
}

export type ParentEmailPageResult =
  | { ok: true; parentEmail: string; day: string }
  | { ok: false; formError: string | null; errors: Record<string, string>; values: Record<string, string> };

const REFUSAL_KEYS: Record<string, string> = {
  [AGE_MESSAGES.notWaiting]: "account.parentEmail.notWaiting",
  [AGE_MESSAGES.tooManySends]: "account.parentEmail.tooMany",
  [CONSENT_MESSAGES.parentEmailSame]: "account.parentEmail.sameEmail",
  [CONSENT_MESSAGES.parentEmailRequired]: "auth.parentEmailRequired",
};

/** A waiting account's new parent's email: the sign-in's details and the new address. */
export async function parentEmailAction(context: Context, request: Request, url: URL) {
  const form = await request.formData();
  const values = {
    email_or_phone: formField(form, "email_or_phone").trim(),
    parent_email: formField(form, "parent_email").trim(),
  };
  const answer = (result: ParentEmailPageResult, status = 200) => data<ParentEmailPageResult>(result, { status });
  const parsed = parentEmailChangeSchema.safeParse({ ...values, password: formField(form, "password") });
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    for (const [field, message] of Object.entries(errors)) errors[field] = REFUSAL_KEYS[message] ?? message;
    return answer({ ok: false, formError: MESSAGES.fixErrors, errors, values }, 400);
  }
  const req = context.get(expressRequestContext);
  try {
    const outcome = await orUnavailable(() => changeWaitingParentEmail(req, parsed.data));
    if (outcome.ok) {
      const day = formatDay(localeFromPath(url.pathname), indianDay(outcome.deleteAt));
      return answer({ ok: true, parentEmail: outcome.parentEmail, day });
    }
    const message = REFUSAL_KEYS[outcome.message] ?? outcome.message;
    const errors: Record<string, string> = outcome.errors ? { parent_email: message } : {};
    return answer(
      { ok: false, formError: outcome.errors ? MESSAGES.fixErrors : message, errors, values },
      outcome.status,
    );
  } catch (error) {
    return formRefusal<ParentEmailPageResult>(error, (refusal) => ({
      ok: false,
      formError: refusal.message,
      errors: {},
      values,
    }));
  }
}
