/**
 * The account's sections that more than one page shows (issue 26): "Your data" and "Delete your account" on the
 * profile, and on `/age` for an account that has not said its age (decision 028, amended 2026-11-29), which may
 * still download its data and delete itself. Their forms post to the page they are on, whose action is the
 * profile's (app/auth/profile.server.ts).
 */
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { useApiMessage } from "../site/api";
import { useLocale, useT } from "../site/i18n";
import { PasswordField } from "./form-fields";
import type { ProfileIntent, ProfileResult } from "./profile.server";

export const SECTION = "rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5";
export const H2 = "mb-3 text-lg font-bold text-indigo-950";

export /** A section's outcome: its own message (a key under account.profile), or the API's (a 429). */
function Outcome({ result }: { result: ProfileResult | undefined }) {
  const t = useT();
  const apiMessage = useApiMessage();
  if (!result?.message) return null;
  const text = result.message.includes(" ") ? apiMessage(result.message) : t(`account.profile.${result.message}`);
  return result.ok ? (
    <p role="status" className="mb-3 rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-emerald-950">
      {text}
    </p>
  ) : (
    <p role="alert" className="mb-3 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
      {text}
    </p>
  );
}

export function useSubmitting(intent: ProfileIntent): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

export /** A field's message: the section's own (a key), else the API's rule text, which FieldError translates. */
function useFieldMessage() {
  const t = useT();
  return (message: string | undefined) =>
    message && !message.includes(" ") ? t(`account.profile.${message}`) : message;
}

export function YourData() {
  const t = useT();
  const { path } = useLocale();
  return (
    <section aria-labelledby="profile-data" className={SECTION}>
      <h2 id="profile-data" className={H2}>
        {t("account.profile.yourData")}
      </h2>
      <p className="mb-3 text-slate-700">{t("account.profile.dataNote")}</p>
      <p className="flex flex-wrap gap-x-6 gap-y-2">
        {/* A file download from the API: a plain link, with or without JavaScript. */}
        <a href="/api/v1/me/data" download className="inline-block py-1 font-semibold text-indigo-800 underline">
          {t("account.profile.download")}
        </a>
        <a href={path("/privacy-&-policy")} className="inline-block py-1 font-semibold text-indigo-800 underline">
          {t("common.footer.privacy")}
        </a>
      </p>
    </section>
  );
}

export function DeleteAccount({ result }: { result: ProfileResult | undefined }) {
  const t = useT();
  const fieldMessage = useFieldMessage();
  const deleting = useSubmitting("delete");
  const [password, setPassword] = useState("");
  return (
    <section aria-labelledby="profile-delete" className={`${SECTION} border-red-200`}>
      <h2 id="profile-delete" className={H2}>
        {t("account.profile.delete")}
      </h2>
      <Outcome result={result} />
      <p className="mb-3 text-slate-700">{t("account.profile.deleteNote")}</p>
      <Form method="post" className="grid gap-4" noValidate>
        <input type="hidden" name="intent" value="delete" />
        <PasswordField
          id="profile-delete-password"
          name="password"
          label={t("auth.password")}
          value={password}
          error={fieldMessage(result?.errors.password)}
          autoComplete="current-password"
          onChange={setPassword}
        />
        <div>
          <label className="flex items-start gap-2 text-slate-800">
            <input
              type="checkbox"
              name="confirm"
              value="yes"
              required
              aria-describedby={result?.errors.confirm ? "profile-delete-confirm-error" : undefined}
              className="mt-1 h-6 w-6 shrink-0"
            />
            <span>{t("account.profile.deleteConfirm")}</span>
          </label>
          {result?.errors.confirm ? (
            <p id="profile-delete-confirm-error" className="mt-1 text-sm font-medium text-red-700">
              {t("account.profile.deleteConfirmNeeded")}
            </p>
          ) : null}
        </div>
        <button
          type="submit"
          disabled={deleting}
          className="rounded-lg bg-red-700 px-5 py-2.5 font-semibold text-white hover:bg-red-800 disabled:opacity-70 sm:justify-self-start"
        >
          {t("account.profile.deleteButton")}
        </button>
      </Form>
    </section>
  );
}

/** A form's alert: a catalog key (`auth.…`, `account.…`) or an API message, in the page's language. */
export function FormAlertText({ message }: { message: string | null }) {
  const apiMessage = useApiMessage();
  return (
    <div role="alert" className={message ? "rounded-lg border border-red-300 bg-red-50 p-3 text-red-900" : ""}>
      {message && apiMessage(message)}
    </div>
  );
}
