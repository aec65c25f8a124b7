import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { PasswordField } from "../auth/form-fields";
import {
  ACCOUNT_PAGE_HEADERS,
  type ResetResult,
  resetPasswordAction,
  resetPasswordLoader,
} from "../auth/password-reset.server";
import { Breadcrumbs } from "../site/breadcrumbs";
import { i18nFrom, useLocale, useT } from "../site/i18n";
import { pageMeta } from "../site/meta";
import type { Route } from "./+types/reset-password";

/**
 * A new password through the emailed link (issue 26): `/reset-password?token=…`. The link works once, for 30
 * minutes; the new password ends every session of the account. A plain form: it works without JavaScript.
 */
export function loader({ context, url }: Route.LoaderArgs) {
  return resetPasswordLoader(context, url);
}

export function action({ context, request }: Route.ActionArgs) {
  return resetPasswordAction(context, request);
}

export function headers() {
  return ACCOUNT_PAGE_HEADERS;
}

export function meta({ matches }: Route.MetaArgs) {
  const { _: t } = i18nFrom(matches);
  return pageMeta({
    title: t("account.reset.metaTitle"),
    description: t("account.reset.metaDescription"),
    path: "/reset-password",
    matches,
    noindex: true,
  });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { path } = useLocale();
  const result = actionData as ResetResult | undefined;
  const invalid = loaderData.token === null || (result?.done === false && result.invalid);
  return (
    <>
      <Breadcrumbs label={t("account.reset.title")} path="/reset-password" />
      <div className="mx-auto max-w-xl px-4 py-6">
        <h1 className="text-2xl font-bold text-indigo-900 sm:text-3xl">{t("account.reset.title")}</h1>
        {result?.done ? (
          <div role="status" className="mt-5 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-emerald-950">
            <p>{t("account.reset.done")}</p>
            <a
              href={path("/login?tab=sign_in")}
              className="mt-3 inline-block rounded-lg bg-indigo-700 px-5 py-2 font-semibold text-white hover:bg-indigo-800"
            >
              {t("account.reset.signIn")}
            </a>
          </div>
        ) : invalid ? (
          <div role="alert" className="mt-5 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
            <p>{t("account.reset.invalid")}</p>
            <a
              href={path("/forgot-password")}
              className="mt-3 inline-block rounded-lg bg-indigo-700 px-5 py-2 font-semibold text-white hover:bg-indigo-800"
            >
              {t("account.reset.askAgain")}
            </a>
          </div>
        ) : (
          <NewPasswordForm token={loaderData.token ?? ""} result={result} />
        )}
      </div>
    </>
  );
}

function NewPasswordForm({ token, result }: { token: string; result: ResetResult | undefined }) {
  const t = useT();
  const saving = useNavigation().state === "submitting";
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const refused = result?.done === false ? result : null;
  return (
    <>
      <p className="mt-2 text-slate-700">{t("account.reset.intro")}</p>
      <Form method="post" className="mt-5 grid gap-4" noValidate>
        <input type="hidden" name="token" value={token} />
        <PasswordField
          id="password"
          name="password"
          label={t("account.reset.password")}
          value={password}
          error={refused?.errors.password}
          autoComplete="new-password"
          onChange={setPassword}
        />
        <PasswordField
          id="confirm"
          name="confirm"
          label={t("account.reset.confirm")}
          value={confirm}
          error={refused?.mismatch ? t("account.reset.mismatch") : undefined}
          autoComplete="new-password"
          onChange={setConfirm}
        />
        <button
          type="submit"
          disabled={saving}
          className="rounded-lg bg-indigo-700 px-5 py-2.5 font-semibold text-white hover:bg-indigo-800 disabled:opacity-70 sm:justify-self-start"
        >
          {saving ? t("account.reset.saving") : t("account.reset.submit")}
        </button>
      </Form>
    </>
  );
}
