import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { DeleteAccount, H2, SECTION, YourData } from "../auth/account-sections";
import { type AgePageResult, ageAction, ageLoader } from "../auth/age.server";
import { FieldError, LABEL_CLASS, TextField } from "../auth/form-fields";
import { ACCOUNT_PAGE_HEADERS } from "../auth/password-reset.server";
import type { ProfileResult } from "../auth/profile.server";
import { withRetryAfter } from "../requests/refusal.server";
import { Breadcrumbs } from "../site/breadcrumbs";
import { i18nFrom, useLocale, useT } from "../site/i18n";
import { pageMeta } from "../site/meta";
import type { Route } from "./+types/age";

/**
 * "Are you under 18?" for an account that has not said (decision 028, amended 2026-11-29): API sign-ups without
 * `under_18` and accounts from before. Every other page sends such an account here first; 18 or older goes on to
 * where it was going, under 18 asks a parent. Its data and its deletion stay at hand. Works without JavaScript.
 */
export function loader({ context, url }: Route.LoaderArgs) {
  return ageLoader(context, url);
}

export function action({ context, request, url }: Route.ActionArgs) {
  return ageAction(context, request, url);
}

/** An account's own page: never stored. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return withRetryAfter(ACCOUNT_PAGE_HEADERS, actionHeaders);
}

export function meta({ matches }: Route.MetaArgs) {
  const { _: t } = i18nFrom(matches);
  return pageMeta({
    title: t("account.age.metaTitle"),
    description: t("account.age.metaDescription"),
    path: "/age",
    matches,
    noindex: true,
  });
}

export default function Age({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { path } = useLocale();
  const result = actionData as AgePageResult | ProfileResult | undefined;
  const answer = result && "intent" in result && result.intent === "age" ? (result as AgePageResult) : undefined;
  const deletion = result && "intent" in result && result.intent === "delete" ? (result as ProfileResult) : undefined;
  return (
    <>
      <Breadcrumbs label={t("account.age.title")} path="/age" />
      <div className="mx-auto grid max-w-2xl gap-5 px-4 py-6">
        <h1 className="text-2xl font-bold text-indigo-900 sm:text-3xl">{t("account.age.title")}</h1>
        {answer?.asked ? (
          <p role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-950">
            {t("account.age.asked", { email: answer.asked })}
          </p>
        ) : loaderData.signedIn ? (
          <>
            <AgeQuestion result={answer} />
            <section aria-labelledby="age-other" className="grid gap-5">
              <h2 id="age-other" className={H2}>
                {t("account.age.otherChoices")}
              </h2>
              <Form method="post" action={path("/logout")}>
                <button
                  type="submit"
                  className="rounded-lg border border-indigo-700 px-5 py-2.5 font-semibold text-indigo-800 hover:bg-indigo-50"
                >
                  {t("common.nav.logout")}
                </button>
              </Form>
              <YourData />
              <DeleteAccount result={deletion} />
            </section>
          </>
        ) : (
          <p>
            <a href={loaderData.login} className="font-semibold text-indigo-800 underline">
              {t("account.age.signedOut")}
            </a>
          </p>
        )}
      </div>
    </>
  );
}

function AgeQuestion({ result }: { result: AgePageResult | undefined }) {
  const t = useT();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "age";
  const refused = result && "errors" in result ? result : undefined;
  const values = refused?.values;
  const errors = refused?.errors ?? {};
  const [under18, setUnder18] = useState(values?.under_18 ?? "");
  return (
    <section aria-labelledby="age-question" className={SECTION}>
      <p className="mb-4 text-slate-700">{t("account.age.intro")}</p>
      <Form method="post" className="grid gap-4" noValidate>
        <input type="hidden" name="intent" value="age" />
        <fieldset>
          <legend id="age-question" className={`${LABEL_CLASS} text-lg`}>
            {t("auth.under18.question")}
          </legend>
          <div id="age-under_18" className="flex flex-wrap gap-x-6">
            {["yes", "no"].map((choice) => (
              <label key={choice} className="flex items-center gap-2 py-2">
                <input
                  type="radio"
                  name="under_18"
                  value={choice}
                  checked={under18 === choice}
                  onChange={() => setUnder18(choice)}
                  aria-describedby={errors.under_18 ? "age-under_18-error" : undefined}
                  className="h-5 w-5"
                />
                {t(`auth.under18.${choice}`)}
              </label>
            ))}
          </div>
          <FieldError id="age-under_18-error" message={errors.under_18} />
        </fieldset>
        {/* Shown until "no" is chosen, so that a form posted without JavaScript has it too. */}
        {under18 !== "no" ? (
          <>
            <TextField
              id="age-parent_email"
              name="parent_email"
              label={t("auth.parentEmail")}
              type="email"
              inputMode="email"
              autoComplete="off"
              maxLength={254}
              defaultValue={values?.parent_email ?? ""}
              error={errors.parent_email}
            />
            <p className="text-sm text-slate-700">{t("account.age.minorNote")}</p>
          </>
        ) : null}
        <button
          type="submit"
          disabled={saving}
          className="rounded-lg bg-indigo-700 px-5 py-2.5 font-semibold text-white hover:bg-indigo-800 disabled:opacity-70 sm:justify-self-start"
        >
          {saving ? t("account.age.saving") : t("account.age.continue")}
        </button>
      </Form>
    </section>
  );
}
