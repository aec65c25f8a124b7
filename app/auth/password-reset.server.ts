/**
 * The forgotten-password pages' loaders and actions (issue 26): `/forgot-password` asks for a link,
 * `/reset-password?token=…` sets the new password. Plain form posts, so both work without JavaScript; they call
 * the API's own flows (server/auth/password-reset.server.ts) with the same rules.
 */
import { data, type RouterContextProvider } from "react-router";
import { resetPasswordSchema, resetRequestSchema } from "../../domain/auth.ts";
import { formField } from "../../domain/form-data.ts";
import { localeFromPath } from "../../domain/i18n.ts";
import { fieldErrors } from "../../domain/validation.ts";
import { requestPasswordReset, resetLinkWorks, resetPassword } from "../../server/auth/password-reset.server.ts";
import { destroySession } from "../../server/auth/session.server.ts";
import { clientIp } from "../../server/http/guards.server.ts";
import { expressRequestContext, servicesContext } from "../context";
import { formRefusal } from "../requests/refusal.server";
import { orUnavailable } from "../requests/unavailable.server";

type Context = Readonly<RouterContextProvider>;

export interface ForgotResult {
  sent: boolean;
  value: string;
  error: string | null;
}

/** Asks for a link: the same answer whether or not an account matches. */
export async function forgotPasswordAction(context: Context, request: Request, url: URL) {
  const req = context.get(expressRequestContext);
  const services = context.get(servicesContext);
  const form = await request.formData();
  const value = formField(form, "email_or_phone").trim();
  const parsed = resetRequestSchema.safeParse({ email_or_phone: value });
  if (!parsed.success) {
    const error = fieldErrors(parsed.error).email_or_phone ?? null;
    return data<ForgotResult>({ sent: false, value, error }, { status: 400 });
  }
  try {
    await orUnavailable(() =>
      requestPasswordReset(services, clientIp(req), parsed.data.email_or_phone, localeFromPath(url.pathname)),
    );
  } catch (error) {
    return formRefusal<ForgotResult>(error, (refusal) => ({ sent: false, value, error: refusal.message }));
  }
  return data<ForgotResult>({ sent: true, value: "", error: null });
}

/** The link's token when it still works, else null (the page then says to ask again). */
export async function resetPasswordLoader(context: Context, url: URL) {
  const token = url.searchParams.get("token") ?? "";
  const works = await orUnavailable(() => resetLinkWorks(context.get(servicesContext), token));
  return { token: works ? token : null };
}

export type ResetResult =
  | { done: true }
  | { done: false; invalid: boolean; mismatch: boolean; errors: Record<string, string> };

/** Sets the new password; every session of the account ends, this browser's too. */
export async function resetPasswordAction(context: Context, request: Request) {
  const req = context.get(expressRequestContext);
  const services = context.get(servicesContext);
  const form = await request.formData();
  const password = formField(form, "password");
  const parsed = resetPasswordSchema.safeParse({ token: formField(form, "token"), password });
  const refused = (result: Partial<Extract<ResetResult, { done: false }>>, status = 400) =>
    data<ResetResult>({ done: false, invalid: false, mismatch: false, errors: {}, ...result }, { status });
  if (!parsed.success) return refused({ errors: fieldErrors(parsed.error) });
  if (password !== formField(form, "confirm")) return refused({ mismatch: true });
  const changed = await orUnavailable(() => resetPassword(services, parsed.data.token, parsed.data.password));
  if (!changed) return refused({ invalid: true });
  const cookie = await orUnavailable(() => destroySession(req));
  return data<ResetResult>({ done: true }, { headers: { "Set-Cookie": cookie } });
}

/** Neither page is ever stored: one carries a working link in its address, both what a student typed. */
export const ACCOUNT_PAGE_HEADERS = { "Cache-Control": "private, no-store" };
