import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { COUNTRY_PREFIX } from "../../domain/auth-rules.ts";
import { type ConsentPageResult, consentAction, consentLoader, PARENT_PAGE_HEADERS } from "../auth/consent.server";
import { FieldError, PasswordField, TextField } from "../auth/form-fields";
import { useApiMessage } from "../site/api";
import { Breadcrumbs } from "../site/breadcrumbs";
import { i18nFrom, useLocale, useT } from "../site/i18n";
import { pageMeta } from "../site/meta";
import type { Route } from "./+types/parent-consent";

/**
 * A parent's consent (issue 26, decision 028): `/parent-consent?token=…`, the link emailed when someone under 18
 * signs up. The notice, then Agree or Decline: buttons, because opening a link changes nothing (mail scanners
 * open links). A plain form: it works without JavaScript.
 */
export function loader({ context, url }: Route.LoaderArgs) {
  return consentLoader(context, url);
}

export function action({ context, request }: Route.ActionArgs) {
  return consentAction(context, request);
}

export function headers() {
  return PARENT_PAGE_HEADERS;
}

export function meta({ matches }: Route.MetaArgs) {
  const { _: t } = i18nFrom(matches);
  return pageMeta({
    title: t("account.consent.metaTitle"),
    description: t("account.consent.metaDescription"),
    path: "/parent-consent",
    matches,
    noindex: true,
  });
}

const BUTTON = "rounded-lg px-5 py-2.5 font-semibold disabled:opacity-70";
const NOTICE_PARTS = ["what", "why", "never", "howLong", "rights"] as const;

export default function ParentConsent({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { path } = useLocale();
  const result = actionData as ConsentPageResult | undefined;
  const invalid = loaderData.token === null || (result?.done === false && result.invalid);
  const child = result?.done === "agreed" ? result.childName : loaderData.childName;
  return (
    <>
      <Breadcrumbs label={t("account.consent.title")} path="/parent-consent" />
      <div className="mx-auto max-w-2xl px-4 py-6">
        <h1 className="text-2xl font-bold text-indigo-900 sm:text-3xl">{t("account.consent.title")}</h1>
        {result?.done === "agreed" ? (
          <div role="status" className="mt-5 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-emerald-950">
            <p>{t("account.consent.agreed", { name: child })}</p>
            <a
              href={
                result.signedIn ? path("/children") : `${path("/login")}?tab=sign_in&redirectTo=${path("/children")}`
              }
              className={`${BUTTON} mt-3 inline-block bg-indigo-700 text-white hover:bg-indigo-800`}
            >
              {t("account.consent.seeProgress", { name: child })}
            </a>
          </div>
        ) : result?.done === "declined" ? (
          <p role="status" className="mt-5 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-emerald-950">
            {t("account.consent.declined")}
          </p>
        ) : invalid ? (
          <p role="alert" className="mt-5 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
            {t("account.consent.invalid")}
          </p>
        ) : (
          <ConsentForm data={loaderData} result={result?.done === false ? result : undefined} />
        )}
      </div>
    </>
  );
}

function ConsentForm({
  data,
  result,
}: {
  data: Route.ComponentProps["loaderData"];
  result: Extract<ConsentPageResult, { done: false }> | undefined;
}) {
  const t = useT();
  // The page's own messages are catalog keys; the sign-up rules' are English: useApiMessage shows both.
  const say = useApiMessage();
  const submitting = useNavigation().state === "submitting";
  const [password, setPassword] = useState("");
  const name = data.childName;
  return (
    <>
      <p className="mt-2 text-slate-800">{t("account.consent.intro", { name, email: data.parentEmail })}</p>
      <section aria-labelledby="consent-notice" className="mt-5 rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="consent-notice" className="text-lg font-bold text-slate-900">
          {t("account.consent.noticeTitle")}
        </h2>
        <dl className="mt-2 space-y-3">
          {NOTICE_PARTS.map((part) => (
            <div key={part}>
              <dt className="font-semibold text-slate-900">{t(`account.consent.notice.${part}.title`)}</dt>
              <dd className="text-slate-800">{t(`account.consent.notice.${part}.text`, { name })}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-sm text-slate-600">{t("account.consent.version", { version: data.version })}</p>
      </section>
      {result?.message ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          {say(result.message)}
        </p>
      ) : null}
      <Form method="post" className="mt-5 grid gap-4" noValidate>
        <input type="hidden" name="token" value={data.token ?? ""} />
        <div>
          <label className="flex items-start gap-2 text-slate-800">
            <input
              type="checkbox"
              name="declaration"
              aria-describedby={result?.errors.declaration ? "consent-declaration-error" : undefined}
              className="mt-1 h-6 w-6 shrink-0"
            />
            <span>{t("account.consent.declaration", { name })}</span>
          </label>
          <FieldError id="consent-declaration-error" message={result?.errors.declaration} />
        </div>
        {data.parentHasAccount ? (
          <p className="text-slate-800">{t("account.consent.hasAccount", { name })}</p>
        ) : (
          <fieldset className="grid gap-4 rounded-xl border border-slate-200 p-4">
            <legend className="px-1 font-semibold text-slate-900">{t("account.consent.newAccount", { name })}</legend>
            <TextField
              id="consent-name"
              name="name"
              label={t("auth.name")}
              autoComplete="name"
              maxLength={100}
              defaultValue={result?.values.name}
              error={result?.errors.name}
            />
            <TextField
              id="consent-phone"
              name="phone"
              label={t("auth.phone")}
              prefix={`+${COUNTRY_PREFIX}`}
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              defaultValue={result?.values.phone}
              error={result?.errors.phone}
            />
            <PasswordField
              id="consent-password"
              name="password"
              label={t("auth.password")}
              autoComplete="new-password"
              value={password}
              onChange={setPassword}
              error={result?.errors.password}
            />
          </fieldset>
        )}
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            name="answer"
            value="agree"
            disabled={submitting}
            className={`${BUTTON} bg-indigo-700 text-white hover:bg-indigo-800`}
          >
            {t("account.consent.agree")}
          </button>
          <button
            type="submit"
            name="answer"
            value="decline"
            disabled={submitting}
            className={`${BUTTON} border border-slate-400 bg-white text-slate-900 hover:bg-slate-50`}
          >
            {t("account.consent.decline")}
          </button>
        </div>
        <p className="text-sm text-slate-700">{t("account.consent.declineMeans", { name })}</p>
      </Form>
    </>
  );
}
