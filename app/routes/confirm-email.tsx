import { Form, useNavigation } from "react-router";
import { confirmEmailAction, confirmEmailLoader } from "../auth/confirm-email.server";
import { ACCOUNT_PAGE_HEADERS } from "../auth/password-reset.server";
import { Breadcrumbs } from "../site/breadcrumbs";
import { i18nFrom, useLocale, useT } from "../site/i18n";
import { pageMeta } from "../site/meta";
import type { Route } from "./+types/confirm-email";

/** A new email's confirmation (issue 26): the link from the email opens this page; its button confirms. */
export function loader({ context, url }: Route.LoaderArgs) {
  return confirmEmailLoader(context, url);
}

export function action({ context, request, url }: Route.ActionArgs) {
  return confirmEmailAction(context, request, url);
}

export function headers() {
  return ACCOUNT_PAGE_HEADERS;
}

export function meta({ matches }: Route.MetaArgs) {
  const { _: t } = i18nFrom(matches);
  return pageMeta({
    title: t("account.confirmEmail.metaTitle"),
    description: t("account.confirmEmail.metaDescription"),
    path: "/confirm-email",
    matches,
    noindex: true,
  });
}

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { path } = useLocale();
  const confirming = useNavigation().state === "submitting";
  const outcome = actionData?.outcome ?? (loaderData.token ? null : "invalid");
  const back = (
    <a href={path("/profile")} className="mt-3 inline-block py-1 font-semibold text-indigo-800 underline">
      {t("account.confirmEmail.back")}
    </a>
  );
  return (
    <>
      <Breadcrumbs label={t("account.confirmEmail.title")} path="/confirm-email" />
      <div className="mx-auto max-w-xl px-4 py-6">
        <h1 className="text-2xl font-bold text-indigo-900 sm:text-3xl">{t("account.confirmEmail.title")}</h1>
        {outcome === "changed" ? (
          <div role="status" className="mt-5 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-emerald-950">
            <p>{t("account.confirmEmail.done")}</p>
            {back}
          </div>
        ) : outcome ? (
          <div role="alert" className="mt-5 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
            <p>{t(outcome === "taken" ? "account.confirmEmail.taken" : "account.confirmEmail.invalid")}</p>
            {back}
          </div>
        ) : (
          <Form method="post" className="mt-4 grid gap-4">
            <p className="text-slate-700">{t("account.confirmEmail.intro")}</p>
            <input type="hidden" name="token" value={loaderData.token ?? ""} />
            <button
              type="submit"
              disabled={confirming}
              className="rounded-lg bg-indigo-700 px-5 py-2.5 font-semibold text-white hover:bg-indigo-800 disabled:opacity-70 sm:justify-self-start"
            >
              {t("account.confirmEmail.submit")}
            </button>
          </Form>
        )}
      </div>
    </>
  );
}
