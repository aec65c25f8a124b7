import { Form, useNavigation } from "react-router";
import { FieldError, INPUT_CLASS, LABEL_CLASS } from "../auth/form-fields";
import { ACCOUNT_PAGE_HEADERS, forgotPasswordAction } from "../auth/password-reset.server";
import { withRetryAfter } from "../requests/refusal.server";
import { Breadcrumbs } from "../site/breadcrumbs";
import { i18nFrom, useLocale, useT } from "../site/i18n";
import { pageMeta } from "../site/meta";
import type { Route } from "./+types/forgot-password";

/**
 * "Forgot your password?" (issue 26): the account's phone or email; a link to the account's email. The answer is
 * the same whether or not an account matches. A plain form: it works without JavaScript.
 */
export function action({ context, request, url }: Route.ActionArgs) {
  return forgotPasswordAction(context, request, url);
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  return withRetryAfter(ACCOUNT_PAGE_HEADERS, actionHeaders);
}

export function meta({ matches }: Route.MetaArgs) {
  const { _: t } = i18nFrom(matches);
  return pageMeta({
    title: t("account.forgot.metaTitle"),
    description: t("account.forgot.metaDescription"),
    path: "/forgot-password",
    matches,
    noindex: true,
  });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const t = useT();
  const { path } = useLocale();
  const sending = useNavigation().state === "submitting";
  const error = actionData?.error ?? undefined;
  return (
    <>
      <Breadcrumbs label={t("account.forgot.title")} path="/forgot-password" />
      <div className="mx-auto max-w-xl px-4 py-6">
        <h1 className="text-2xl font-bold text-indigo-900 sm:text-3xl">{t("account.forgot.title")}</h1>
        <p className="mt-2 text-slate-700">{t("account.forgot.intro")}</p>
        {actionData?.sent ? (
          <p role="status" className="mt-5 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-emerald-950">
            {t("account.forgot.sent")}
          </p>
        ) : null}
        <Form method="post" className="mt-5 grid gap-4" noValidate>
          <div>
            <label htmlFor="email_or_phone" className={LABEL_CLASS}>
              {t("auth.emailOrPhone")}
            </label>
            <input
              id="email_or_phone"
              name="email_or_phone"
              autoComplete="username"
              required
              maxLength={254}
              defaultValue={actionData?.value ?? ""}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "email_or_phone-error" : undefined}
              className={INPUT_CLASS}
            />
            <FieldError id="email_or_phone-error" message={error} />
          </div>
          <button
            type="submit"
            disabled={sending}
            className="rounded-lg bg-indigo-700 px-5 py-2.5 font-semibold text-white hover:bg-indigo-800 disabled:opacity-70 sm:justify-self-start"
          >
            {sending ? t("account.forgot.sending") : t("account.forgot.submit")}
          </button>
        </Form>
        <p className="mt-6 text-sm text-slate-700">{t("account.forgot.noEmail")}</p>
        <p className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
          <a href={path("/login?tab=sign_in")} className="inline-block py-1 font-semibold text-indigo-800 underline">
            {t("account.reset.signIn")}
          </a>
          <a href={path("/contact-us")} className="inline-block py-1 font-semibold text-indigo-800 underline">
            {t("common.nav.contact")}
          </a>
        </p>
      </div>
    </>
  );
}
