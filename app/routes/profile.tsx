import { useState } from "react";
import { Form } from "react-router";
import { MEDIUMS } from "../../domain/catalog.ts";
import { LOCALE_NAMES, LOCALES } from "../../domain/i18n.ts";
import {
  DeleteAccount,
  H2,
  Outcome,
  SECTION,
  useFieldMessage,
  useSubmitting,
  YourData,
} from "../auth/account-sections";
import { FieldError, LABEL_CLASS, PasswordField, TextField } from "../auth/form-fields";
import { ACCOUNT_PAGE_HEADERS } from "../auth/password-reset.server";
import { type ProfileIntent, type ProfileResult, profileAction, profileLoader } from "../auth/profile.server";
import { withRetryAfter } from "../requests/refusal.server";
import { Breadcrumbs } from "../site/breadcrumbs";
import { i18nFrom, useLocale, useT } from "../site/i18n";
import { pageMeta } from "../site/meta";
import type { Route } from "./+types/profile";

/**
 * The student's own account (issue 26, the spec's "Profile" breadcrumb): details, password, signed-in devices,
 * a copy of their data, and deletion. Signed in only; every form works without JavaScript.
 */
export function loader({ context, url }: Route.LoaderArgs) {
  return profileLoader(context, url);
}

export function action({ context, request, url }: Route.ActionArgs) {
  return profileAction(context, request, url);
}

/** A student's own page: never stored. A 429's Retry-After goes out with it. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return withRetryAfter(ACCOUNT_PAGE_HEADERS, actionHeaders);
}

export function meta({ matches }: Route.MetaArgs) {
  const { _: t } = i18nFrom(matches);
  return pageMeta({
    title: t("account.profile.metaTitle"),
    description: t("account.profile.metaDescription"),
    path: "/profile",
    matches,
    noindex: true,
  });
}

const BUTTON =
  "rounded-lg bg-indigo-700 px-5 py-2.5 font-semibold text-white hover:bg-indigo-800 disabled:opacity-70 sm:justify-self-start";

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { path } = useLocale();
  const { profile, devices } = loaderData;
  const saved: ProfileResult | undefined = loaderData.saved
    ? { intent: "details", ok: true, message: "detailsSaved", errors: {} }
    : undefined;
  const result = (actionData as ProfileResult | undefined) ?? saved;
  const resultFor = (intent: ProfileIntent) => (result?.intent === intent ? result : undefined);
  return (
    <>
      <Breadcrumbs label={t("account.profile.title")} path="/profile" />
      <div className="mx-auto grid max-w-2xl gap-5 px-4 py-6">
        <h1 className="text-2xl font-bold text-indigo-900 sm:text-3xl">{t("account.profile.title")}</h1>
        {/* A parent follows the children whose consent they gave (decision 028). */}
        {profile.role === 2 ? (
          <a href={path("/children")} className="justify-self-start py-1 font-semibold text-indigo-800 underline">
            {t("account.children.title")}
          </a>
        ) : null}
        <Details profile={profile} result={resultFor("details")} />
        <ContactDetails result={resultFor("email") ?? resultFor("phone")} />
        <Password result={resultFor("password")} />
        <Devices devices={devices} />
        <YourData />
        <DeleteAccount result={resultFor("delete")} />
      </div>
    </>
  );
}

function Details({
  profile,
  result,
}: {
  profile: Route.ComponentProps["loaderData"]["profile"];
  result: ProfileResult | undefined;
}) {
  const t = useT();
  const saving = useSubmitting("details");
  const values = result?.values;
  return (
    <section aria-labelledby="profile-details" className={SECTION}>
      <h2 id="profile-details" className={H2}>
        {t("account.profile.details")}
      </h2>
      <Outcome result={result} />
      <Form method="post" className="grid gap-4" noValidate>
        <input type="hidden" name="intent" value="details" />
        <TextField
          id="profile-name"
          name="name"
          label={t("auth.name")}
          autoComplete="name"
          required
          maxLength={100}
          defaultValue={values?.name ?? profile.name}
          error={result?.errors.name}
        />
        <div>
          <label htmlFor="profile-role" className={LABEL_CLASS}>
            {t("auth.role")} <span className="font-normal text-slate-600">{t("auth.optional")}</span>
          </label>
          <select
            id="profile-role"
            name="role"
            defaultValue={values?.role ?? (profile.role ? String(profile.role) : "")}
            className="w-full rounded-lg border border-slate-400 bg-white px-3 py-2.5"
          >
            <option value="">{t("auth.selectRole")}</option>
            {[1, 2, 3].map((role) => (
              <option key={role} value={role}>
                {t(`auth.roles.r${role}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="profile-medium" className={LABEL_CLASS}>
            {t("common.medium.label")} <span className="font-normal text-slate-600">{t("auth.optional")}</span>
          </label>
          <select
            id="profile-medium"
            name="medium"
            defaultValue={values?.medium ?? profile.medium ?? ""}
            aria-invalid={result?.errors.medium ? true : undefined}
            aria-describedby={`profile-medium-note${result?.errors.medium ? " profile-medium-error" : ""}`}
            className="w-full rounded-lg border border-slate-400 bg-white px-3 py-2.5 aria-[invalid=true]:border-red-600"
          >
            <option value="">{t("account.profile.noMedium")}</option>
            {MEDIUMS.map((medium) => (
              <option key={medium} value={medium}>
                {t(`common.medium.${medium}`)}
              </option>
            ))}
          </select>
          <p id="profile-medium-note" className="mt-1 text-sm text-slate-700">
            {t("account.profile.mediumNote")}
          </p>
          <FieldError
            id="profile-medium-error"
            message={result?.errors.medium ? `account.profile.${result.errors.medium}` : undefined}
          />
        </div>
        {/* The account's language (issue 26): the site opens in it at sign-in, and the emails are in it. */}
        <div>
          <label htmlFor="profile-locale" className={LABEL_CLASS}>
            {t("account.accountLanguage.label")}
          </label>
          <select
            id="profile-locale"
            name="locale"
            defaultValue={values?.locale ?? profile.locale}
            aria-describedby="profile-locale-note"
            className="w-full rounded-lg border border-slate-400 bg-white px-3 py-2.5"
          >
            {LOCALES.map((option) => (
              <option key={option} value={option} lang={option}>
                {LOCALE_NAMES[option]}
              </option>
            ))}
          </select>
          <p id="profile-locale-note" className="mt-1 text-sm text-slate-700">
            {t("account.accountLanguage.note")}
          </p>
        </div>
        {/* The date the review of mistakes is spaced to (issue 27); empty follows the year's SSC date. */}
        <div>
          <label htmlFor="profile-exam-day" className={LABEL_CLASS}>
            {t("account.profile.examDay")} <span className="font-normal text-slate-600">{t("auth.optional")}</span>
          </label>
          <input
            id="profile-exam-day"
            name="exam_day"
            type="date"
            defaultValue={values?.exam_day ?? profile.examDay ?? ""}
            aria-invalid={result?.errors.exam_day ? true : undefined}
            aria-describedby={`profile-exam-day-note${result?.errors.exam_day ? " profile-exam-day-error" : ""}`}
            className="w-full rounded-lg border border-slate-400 bg-white px-3 py-2.5 aria-[invalid=true]:border-red-600"
          />
          <p id="profile-exam-day-note" className="mt-1 text-sm text-slate-700">
            {t("account.profile.examDayNote", { day: profile.boardExamDay })}
          </p>
          <FieldError
            id="profile-exam-day-error"
            message={result?.errors.exam_day ? `account.profile.${result.errors.exam_day}` : undefined}
          />
        </div>
        <dl className="grid gap-1 text-slate-800 sm:grid-cols-[auto_1fr] sm:gap-x-4">
          <dt className="font-semibold">{t("auth.email")}</dt>
          <dd className="break-all">{profile.email}</dd>
          <dt className="font-semibold">{t("auth.phone")}</dt>
          <dd>{profile.phone}</dd>
          <dt className="font-semibold">{t("account.profile.since")}</dt>
          <dd>{profile.since}</dd>
        </dl>
        <button type="submit" disabled={saving} className={BUTTON}>
          {saving ? t("account.reset.saving") : t("account.profile.save")}
        </button>
      </Form>
    </section>
  );
}

/** The email (confirmed by a link to the new address) and the phone, each with the current password. */
function ContactDetails({ result }: { result: ProfileResult | undefined }) {
  const t = useT();
  return (
    <section aria-labelledby="profile-contact" className={SECTION}>
      <h2 id="profile-contact" className={H2}>
        {t("account.profile.contact")}
      </h2>
      {result?.ok && result.intent === "email" ? (
        <p role="status" className="mb-3 rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-emerald-950">
          {t("account.profile.emailSent", { email: result.values?.email ?? "" })}
        </p>
      ) : (
        <Outcome result={result} />
      )}
      <ConfirmedChange
        intent="email"
        result={result}
        field={{ type: "email", label: t("account.profile.newEmail"), autoComplete: "email", maxLength: 254 }}
        submit={t("account.profile.changeEmail")}
      />
      <ConfirmedChange
        intent="phone"
        result={result}
        field={{
          type: "tel",
          inputMode: "numeric",
          label: t("account.profile.newPhone"),
          placeholder: t("auth.phonePlaceholder"),
          autoComplete: "tel-national",
          maxLength: 20,
        }}
        submit={t("account.profile.changePhone")}
        className="mt-6 border-t border-slate-200 pt-4"
      />
    </section>
  );
}

/** One change of the account's email or phone: the new value and the current password. */
function ConfirmedChange({
  intent,
  result,
  field,
  submit,
  className = "",
}: {
  intent: "email" | "phone";
  result: ProfileResult | undefined;
  field: Omit<Parameters<typeof TextField>[0], "id" | "name" | "error">;
  submit: string;
  className?: string;
}) {
  const t = useT();
  const fieldMessage = useFieldMessage();
  const [password, setPassword] = useState("");
  const sending = useSubmitting(intent);
  const mine = result?.intent === intent ? result : undefined;
  return (
    <Form method="post" className={`grid gap-4 ${className}`} noValidate>
      <input type="hidden" name="intent" value={intent} />
      <TextField
        {...field}
        id={`profile-${intent}`}
        name={intent}
        required
        defaultValue={mine && !mine.ok ? (mine.values?.[intent] ?? "") : ""}
        error={fieldMessage(mine?.errors[intent])}
      />
      <PasswordField
        id={`profile-${intent}-password`}
        name="password"
        label={t("account.profile.passwordToConfirm")}
        value={password}
        error={fieldMessage(mine?.errors.password)}
        autoComplete="current-password"
        onChange={setPassword}
      />
      <button type="submit" disabled={sending} className={BUTTON}>
        {submit}
      </button>
    </Form>
  );
}

function Password({ result }: { result: ProfileResult | undefined }) {
  const t = useT();
  const fieldMessage = useFieldMessage();
  const saving = useSubmitting("password");
  const [current, setCurrent] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  return (
    <section aria-labelledby="profile-password" className={SECTION}>
      <h2 id="profile-password" className={H2}>
        {t("account.profile.password")}
      </h2>
      <Outcome result={result} />
      <Form method="post" className="grid gap-4" noValidate>
        <input type="hidden" name="intent" value="password" />
        <PasswordField
          id="profile-current"
          name="current"
          label={t("account.profile.current")}
          value={current}
          error={fieldMessage(result?.errors.current)}
          autoComplete="current-password"
          onChange={setCurrent}
        />
        <PasswordField
          id="profile-new"
          name="password"
          label={t("account.reset.password")}
          value={password}
          error={fieldMessage(result?.errors.password)}
          autoComplete="new-password"
          onChange={setPassword}
        />
        <PasswordField
          id="profile-confirm"
          name="confirm"
          label={t("account.reset.confirm")}
          value={confirm}
          error={result?.errors.confirm ? t("account.reset.mismatch") : undefined}
          autoComplete="new-password"
          onChange={setConfirm}
        />
        <p className="text-sm text-slate-700">{t("account.profile.passwordNote")}</p>
        <button type="submit" disabled={saving} className={BUTTON}>
          {saving ? t("account.reset.saving") : t("account.profile.changePassword")}
        </button>
      </Form>
    </section>
  );
}

function Devices({ devices }: { devices: Route.ComponentProps["loaderData"]["devices"] }) {
  const t = useT();
  return (
    <section aria-labelledby="profile-devices" className={SECTION}>
      <h2 id="profile-devices" className={H2}>
        {t("account.profile.devices")}
      </h2>
      <ul className="mb-4 grid gap-1 text-slate-800">
        {devices.map((device) => (
          <li key={device.id}>
            {t("account.profile.signedInOn", { day: device.signedIn })}
            {device.current ? <strong> · {t("account.profile.thisDevice")}</strong> : null}
          </li>
        ))}
      </ul>
      <Form method="post">
        <input type="hidden" name="intent" value="sign-out-everywhere" />
        <button
          type="submit"
          className="rounded-lg border border-indigo-700 px-5 py-2.5 font-semibold text-indigo-800 hover:bg-indigo-50"
        >
          {t("account.profile.signOutEverywhere")}
        </button>
      </Form>
    </section>
  );
}
