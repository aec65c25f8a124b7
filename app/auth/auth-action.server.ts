/**
 * The /login page's form action: sign-up and sign-in for a browser without JavaScript (or before
 * the scripts arrive). It runs the API's own flows (server/auth/accounts.server.ts) with the same
 * zod rules, and answers as a page: a redirect with the session cookie, or the form with its messages.
 */

import { data, type RouterContextProvider, redirect } from "react-router";
import { loginSchema, MESSAGES, signupSchema } from "../../domain/auth.ts";
import { AGE_PATH, CONSENT_MESSAGES } from "../../domain/consent.ts";
import { formField } from "../../domain/form-data.ts";
import { localeFromPath, localizePath } from "../../domain/i18n.ts";
import { safeRedirect } from "../../domain/redirect.ts";
import { fieldErrors } from "../../domain/validation.ts";
import { type AuthOutcome, signIn, signUp } from "../../server/auth/accounts.server.ts";
import { destroySession } from "../../server/auth/session.server.ts";
import { expressRequestContext } from "../context";
import { formRefusal } from "../requests/refusal.server";
import { orUnavailable } from "../requests/unavailable.server";
import type { AuthFormResult, AuthTab } from "./auth-card";

const CARD_KEYS: Record<string, string> = {
  [CONSENT_MESSAGES.parentEmailRequired]: "auth.parentEmailRequired",
  [CONSENT_MESSAGES.parentEmailSame]: "auth.parentEmailSame",
};

function formResult(intent: AuthTab, values: Record<string, string>, status: number, result: Partial<AuthFormResult>) {
  return data<AuthFormResult>({ intent, values, errors: {}, formError: null, ...result }, { status });
}

/** The header's Logout form without JavaScript: ends the session and goes home. */
export async function signOutAction(context: Readonly<RouterContextProvider>, url: URL) {
  const req = context.get(expressRequestContext);
  const cookie = await orUnavailable(() => destroySession(req));
  throw redirect(localizePath("/", localeFromPath(url.pathname)), { headers: { "Set-Cookie": cookie } });
}

export async function authFormAction(context: Readonly<RouterContextProvider>, request: Request, url: URL) {
  // Form posts from other sites never get here (server/app.server.ts refuses them with a 403).
  const req = context.get(expressRequestContext);
  const form = await request.formData();
  const intent: AuthTab = formField(form, "intent") === "sign_in" ? "sign_in" : "sign_up";
  // The flow's outcome: a redirect with the session cookie, or the form with why not. Over the limits the flow
  // throws the site's one 429, shown on the form with its Retry-After.
  const finish = async (flow: () => Promise<AuthOutcome>, values: Record<string, string>) => {
    let outcome: AuthOutcome;
    try {
      outcome = await orUnavailable(flow);
    } catch (error) {
      return formRefusal<AuthFormResult>(error, (refusal) => ({
        intent,
        values,
        errors: {},
        formError: refusal.message,
      }));
    }
    if (outcome.ok) {
      // The account's language wins (issue 26): the student goes on in it, and this device keeps it.
      const locale = outcome.locale ?? localeFromPath(url.pathname);
      const headers = new Headers();
      for (const cookie of outcome.cookies) headers.append("Set-Cookie", cookie);
      const to = safeRedirect(url.searchParams.get("redirectTo"), localizePath("/", locale));
      const target = safeRedirect(localizePath(to, locale), localizePath("/", locale));
      // An account that has not said whether it is under 18 is asked first (decision 028, amended).
      const next =
        outcome.user.ageGroup === null
          ? `${localizePath(AGE_PATH, locale)}?redirectTo=${encodeURIComponent(target)}`
          : target;
      throw redirect(next, { headers });
    }
    if ("waitingFor" in outcome) {
      // Under 18: no session until the parent agrees (decision 028). Sign-up's 202 is news, not an error.
      const waitingFor = outcome.waitingFor.parentEmail;
      if (outcome.status === 202) return formResult(intent, {}, 202, { waitingFor });
      return formResult(intent, values, outcome.status, { formError: "auth.consentWaiting" });
    }
    const errors = outcome.field ? { [outcome.field]: outcome.message } : {};
    return formResult(intent, values, outcome.status, { errors, formError: outcome.message });
  };

  if (intent === "sign_in") {
    const values = { email_or_phone: formField(form, "email_or_phone").trim() };
    const parsed = loginSchema.safeParse({ ...values, password: formField(form, "password") });
    if (!parsed.success) return formResult(intent, values, 400, { errors: fieldErrors(parsed.error) });
    return finish(() => signIn(req, parsed.data, localeFromPath(url.pathname)), values);
  }

  const values = {
    name: formField(form, "name").trim(),
    email: formField(form, "email").trim(),
    // Typed without the script that keeps digits only: "98765 43210" and "+91 98765 43210" are still numbers
    // (the schema normalises them as the API does).
    phone: formField(form, "phone").trim(),
    role: formField(form, "role"),
    // The page always asks (decision 028): "yes" or "no", and the parent's email for "yes".
    under_18: formField(form, "under_18"),
    parent_email: formField(form, "parent_email").trim(),
  };
  const parsed = signupSchema.safeParse({
    ...values,
    password: formField(form, "password"),
    role: values.role ? Number(values.role) : undefined,
    lang: localeFromPath(url.pathname),
    under_18: values.under_18 === "yes",
    parent_email: values.parent_email || undefined,
  });
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  if (values.under_18 !== "yes" && values.under_18 !== "no") errors.under_18 = "auth.under18Required";
  // The card shows its own keys for the consent rules (the API's English would need the shared catalog).
  if (errors.parent_email) errors.parent_email = CARD_KEYS[errors.parent_email] ?? errors.parent_email;
  if (!parsed.success || errors.under_18) {
    return formResult(intent, values, 400, { errors, formError: MESSAGES.fixErrors });
  }
  return finish(() => signUp(req, parsed.data), values);
}
