/**
 * The /login page's form action: sign-up and sign-in for a browser without JavaScript (or before
 * the scripts arrive). It runs the API's own flows (server/auth/accounts.server.ts) with the same
 * zod rules, and answers as a page: a redirect with the session cookie, or the form with its messages.
 */

import { data, type RouterContextProvider, redirect } from "react-router";
import { loginSchema, MESSAGES, signupSchema } from "../../domain/auth.ts";
import { localeFromPath, localizePath } from "../../domain/i18n.ts";
import { fieldErrors } from "../../domain/validation.ts";
import { type AuthOutcome, signIn, signUp } from "../../server/auth/accounts.server.ts";
import { destroySession } from "../../server/auth/session.server.ts";
import type { AuthFormResult, AuthTab } from "../components/auth-card";
import { expressRequestContext } from "../context";
import { safeRedirect } from "./api";
import { orUnavailable } from "./unavailable.server";

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

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
  const intent: AuthTab = text(form, "intent") === "sign_in" ? "sign_in" : "sign_up";
  const finish = (outcome: AuthOutcome, values: Record<string, string>) => {
    if (outcome.ok) {
      const home = localizePath("/", localeFromPath(url.pathname));
      throw redirect(safeRedirect(url.searchParams.get("redirectTo"), home), {
        headers: { "Set-Cookie": outcome.cookie },
      });
    }
    const headers = outcome.retryAfter ? { "Retry-After": String(outcome.retryAfter) } : undefined;
    const errors = outcome.field ? { [outcome.field]: outcome.message } : {};
    return data<AuthFormResult>(
      { intent, values, errors, formError: outcome.message },
      { status: outcome.status, headers },
    );
  };

  if (intent === "sign_in") {
    const values = { email_or_phone: text(form, "email_or_phone").trim() };
    const parsed = loginSchema.safeParse({ ...values, password: text(form, "password") });
    if (!parsed.success) return formResult(intent, values, 400, { errors: fieldErrors(parsed.error) });
    return finish(await orUnavailable(() => signIn(req, parsed.data)), values);
  }

  const values = {
    name: text(form, "name").trim(),
    email: text(form, "email").trim(),
    // Typed without the script that keeps digits only: "98765 43210" is still a phone number.
    phone: text(form, "phone").replace(/[\s-]/g, ""),
    role: text(form, "role"),
  };
  const parsed = signupSchema.safeParse({
    ...values,
    password: text(form, "password"),
    role: values.role ? Number(values.role) : undefined,
  });
  if (!parsed.success) {
    return formResult(intent, values, 400, { errors: fieldErrors(parsed.error), formError: MESSAGES.fixErrors });
  }
  return finish(await orUnavailable(() => signUp(req, parsed.data)), values);
}
