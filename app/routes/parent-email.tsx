import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { FormAlertText } from "../auth/account-sections";
import { type ParentEmailPageResult, parentEmailAction } from "../auth/age.server";
import { PasswordField, TextField } from "../auth/form-fields";
import { ACCOUNT_PAGE_HEADERS } from "../auth/password-reset.server";
import { withRetryAfter } from "../requests/refusal.server";
import { Breadcrumbs } from "../site/breadcrumbs";
import { i18nFrom, useLocale, useT } from "../site/i18n";
import { pageMeta } from "../site/meta";
import type { Route } from "./+types/parent-email";

/**
 * A waiting account's new parent's email (decision 028, amended 2026-11-29): a student who typed the parent's email
 * wrong gives the right one, with the sign-in's details (a waiting account has no session). The new address gets a
 * new link, the old one stops working, and the 7 days still count from sign-up. Works without JavaScript.
 */
export function action({ context, request, url }: Route.ActionArgs) {
  return parentEmailAction(context, request, url);
}

/** Never stored; a 429's Retry-After goes out with it. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return withRetryAfter(ACCOUNT_PAGE_HEADERS, actionHeaders);
}

export function meta({ matches }: Route.MetaArgs) {
  const { _: t } = i18nFrom(matches);
  return pageMeta({
    title: t("account.parentEmail.metaTitle"),
    description: t("account.parentEmail.metaDescription"),
    path: "/parent-email",
    matches,
    noindex: true,
  });
}

export default function ParentEmail({ actionData }: Route.ComponentProps) {
  const t = useT();
  const { path } = useLocale();
  const result = actionData as ParentEmailPageResult | undefined;
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const failed = result && !result.ok ? result : undefined;
  const [password, setPassword] = useState("");
  return (
    <>
      <Breadcrumbs label={t("account.parentEmail.title")} path="/parent-email" />
      <div className="mx-auto grid max-w-xl gap-5 px-4 py-6">
        <h1 className="text-2xl font-bold text-indigo-900 sm:text-3xl">{t("account.parentEmail.title")}</h1>
        {result?.ok ? (
          <div role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-950">
            <p>{t("account.parentEmail.sent", { email: result.parentEmail, day: result.day })}</p>
            <a href={`${path("/login")}?tab=sign_in`} className="mt-2 inline-block font-semibold underline">
              {t("auth.signIn")}
            </a>
          </div>
        ) : (
          <>
            <p className="text-slate-700">{t("account.parentEmail.intro")}</p>
            <Form method="post" className="grid gap-4" noValidate>
              <TextField
                id="parent-email-who"
                name="email_or_phone"
                label={t("auth.emailOrPhone")}
                autoComplete="username"
                maxLength={254}
                required
                defaultValue={failed?.values.email_or_phone ?? ""}
                error={failed?.errors.email_or_phone}
              />
              <PasswordField
                id="parent-email-password"
                name="password"
                label={t("auth.password")}
                autoComplete="current-password"
                value={password}
                error={failed?.errors.password}
                onChange={setPassword}
              />
              <TextField
                id="parent-email-new"
                name="parent_email"
                label={t("account.parentEmail.newEmail")}
                type="email"
                inputMode="email"
                autoComplete="off"
                maxLength={254}
                required
                defaultValue={failed?.values.parent_email ?? ""}
                error={failed?.errors.parent_email}
              />
              <FormAlertText message={failed?.formError ?? null} />
              <button
                type="submit"
                disabled={sending}
                className="rounded-lg bg-indigo-700 px-5 py-2.5 font-semibold text-white hover:bg-indigo-800 disabled:opacity-70 sm:justify-self-start"
              >
                {sending ? t("account.parentEmail.sending") : t("account.parentEmail.submit")}
              </button>
            </Form>
          </>
        )}
      </div>
    </>
  );
}
