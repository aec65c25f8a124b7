/**
 * A parent's pages (issue 26, decision 028): `/parent-consent?token=…` (the emailed link: the notice, then Agree
 * or Decline) and `/children` (a linked parent's view of each child's progress, and withdrawal). Plain form posts,
 * so both work without JavaScript; they call the API's own flows (server/auth/consent.server.ts).
 */
import { data, type RouterContextProvider } from "react-router";
import { withdrawSchema } from "../../domain/auth.ts";
import { CONSENT_MESSAGES, CONSENT_NOTICE_VERSION } from "../../domain/consent.ts";
import { formField } from "../../domain/form-data.ts";
import { formatDay, indianDay, localeFromPath } from "../../domain/i18n.ts";
import { fieldErrors } from "../../domain/validation.ts";
import { childrenProgress } from "../../server/auth/children.server.ts";
import { answerConsent, consentRequest, withdrawConsent } from "../../server/auth/consent.server.ts";
import { servicesContext } from "../context";
import { formRefusal } from "../requests/refusal.server";
import { requireUser } from "../requests/session.server";
import { orUnavailable } from "../requests/unavailable.server";

type Context = Readonly<RouterContextProvider>;

/** The consent rules' English messages as the page's catalog keys; the sign-up rules' own are translated as API text. */
const PAGE_KEYS: Record<string, string> = {
  [CONSENT_MESSAGES.declarationRequired]: "account.consent.declarationRequired",
  [CONSENT_MESSAGES.linkInvalid]: "account.consent.invalid",
  [CONSENT_MESSAGES.phoneTaken]: "account.consent.phoneTaken",
};
const pageKey = (message: string) => PAGE_KEYS[message] ?? message;

/** The link's request, if it still works: the child's name, and whether the parent's email has an account. */
export async function consentLoader(context: Context, url: URL) {
  const token = url.searchParams.get("token") ?? "";
  const request = await orUnavailable(() => consentRequest(context.get(servicesContext), token));
  return {
    token: request ? token : null,
    childName: request?.childName ?? "",
    parentEmail: request?.parentEmail ?? "",
    parentHasAccount: request?.parentHasAccount ?? false,
    version: CONSENT_NOTICE_VERSION,
  };
}

export type ConsentPageResult =
  | { done: "agreed"; childName: string; signedIn: boolean }
  | { done: "declined" }
  | { done: false; invalid: boolean; message: string; errors: Record<string, string>; values: Record<string, string> };

export async function consentAction(context: Context, request: Request) {
  const services = context.get(servicesContext);
  const form = await request.formData();
  const values = { name: formField(form, "name").trim(), phone: formField(form, "phone").trim() };
  const body = {
    token: formField(form, "token"),
    answer: formField(form, "answer"),
    declaration: form.get("declaration") === "on",
    ...values,
    password: formField(form, "password"),
  };
  try {
    const answer = await orUnavailable(() => answerConsent(services, body));
    if (answer.done === "declined") return data<ConsentPageResult>({ done: "declined" });
    if (answer.done === "agreed") {
      const headers = answer.cookie ? { "Set-Cookie": answer.cookie } : undefined;
      const result = { done: "agreed", childName: answer.childName, signedIn: answer.cookie !== null } as const;
      return data<ConsentPageResult>(result, { headers });
    }
    const { status, invalid, message, errors } = answer;
    const keyed = Object.fromEntries(Object.entries(errors).map(([field, text]) => [field, pageKey(text)]));
    return data<ConsentPageResult>(
      { done: false, invalid, message: pageKey(message), errors: keyed, values },
      { status },
    );
  } catch (error) {
    return formRefusal<ConsentPageResult>(error, (refusal) => ({
      done: false,
      invalid: false,
      message: refusal.message,
      errors: {},
      values,
    }));
  }
}

export async function childrenLoader(context: Context, url: URL) {
  const user = await requireUser(context, url);
  const locale = localeFromPath(url.pathname);
  const children = await orUnavailable(() => childrenProgress(context.get(servicesContext), user.id));
  return {
    children: children.map((child) => ({
      ...child,
      since: child.consent_given_at ? formatDay(locale, indianDay(new Date(child.consent_given_at))) : "",
    })),
  };
}

export type WithdrawResult =
  | { done: true; name: string }
  | { done: false; child: string; message: string | null; errors: Record<string, string> };

/** Withdrawing consent for one child: the parent's password and the ticked box; the child's account goes. */
export async function childrenAction(context: Context, request: Request, url: URL) {
  const user = await requireUser(context, url);
  const services = context.get(servicesContext);
  const form = await request.formData();
  const child = formField(form, "child");
  const name = formField(form, "name");
  const refused = (message: string | null, errors: Record<string, string>, status: number) =>
    data<WithdrawResult>({ done: false, child, message, errors }, { status });
  const parsed = withdrawSchema.safeParse({
    password: formField(form, "password"),
    confirm: form.get("confirm") === "on",
  });
  if (!parsed.success) return refused(null, fieldErrors(parsed.error), 400);
  try {
    const outcome = await orUnavailable(() => withdrawConsent(services, user.id, child, parsed.data.password));
    if (outcome === "wrongPassword") return refused(null, { password: "account.profile.wrongPassword" }, 400);
    if (outcome === "noSuchChild") return refused("account.children.noSuchChild", {}, 404);
  } catch (error) {
    return formRefusal<WithdrawResult>(error, (refusal) => ({
      done: false,
      child,
      message: refusal.message,
      errors: {},
    }));
  }
  return data<WithdrawResult>({ done: true, name });
}

/** Neither page is ever stored: one carries a working link in its address, the other a child's progress. */
export const PARENT_PAGE_HEADERS = { "Cache-Control": "private, no-store" };
