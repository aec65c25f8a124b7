import { useLocation, useNavigate, useRevalidator } from "react-router";
import { isLocale, localeFromPath, localizePath } from "../../domain/i18n.ts";
import { safeRedirect } from "../../domain/redirect.ts";
import { CommunityBlock } from "../articles/community-block";
import { authFormAction } from "../auth/auth-action.server";
import { AuthCard } from "../auth/auth-card";
import { withRetryAfter } from "../requests/refusal.server";
import { requireAnonymous } from "../requests/session.server";
import { Breadcrumbs } from "../site/breadcrumbs";
import { i18nFrom, useT } from "../site/i18n";
import { pageMeta } from "../site/meta";
import type { Route } from "./+types/login";

export async function loader({ context, url }: Route.LoaderArgs) {
  // Already signed in: nothing to do here.
  await requireAnonymous(context, url);
  const locale = localeFromPath(url.pathname);
  const login = localizePath("/login", locale);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), localizePath("/", locale));
  return {
    tab: url.searchParams.get("tab") === "sign_in" ? ("sign_in" as const) : ("sign_up" as const),
    // Judged here, by the site's one redirect guard, so that the guard stays out of the page's script.
    redirectTo,
    // The forms post back here with the same target (built here too, keeping the page's script small).
    formAction: url.searchParams.has("redirectTo") ? `${login}?redirectTo=${encodeURIComponent(redirectTo)}` : login,
  };
}

/** The forms without JavaScript (with it, they call the JSON API and stay on the page). */
export function action({ context, request, url }: Route.ActionArgs) {
  return authFormAction(context, request, url);
}

/** A sign-in refused for too many tries says when to try again, as the API's answer does. */
export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return withRetryAfter(loaderHeaders, actionHeaders);
}

export function meta({ matches }: Route.MetaArgs) {
  const { _: t } = i18nFrom(matches);
  return pageMeta({
    title: t("auth.page.metaTitle"),
    description: t("auth.page.metaDescription"),
    path: "/login",
    matches,
  });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const revalidator = useRevalidator();
  const t = useT();
  const { redirectTo, formAction } = loaderData;

  return (
    <>
      <p className="bg-indigo-900 px-4 py-2 text-center font-semibold text-white">{t("auth.page.banner")}</p>
      <Breadcrumbs label={t("common.nav.login")} path="/login" />
      <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-8 md:grid-cols-2">
        <div className="min-w-0">
          <h1 className="mb-2 text-2xl font-bold text-indigo-900 sm:text-3xl">{t("auth.page.title")}</h1>
          <p className="mb-5 text-slate-700">{t("auth.page.intro")}</p>
          <AuthCard
            initialTab={loaderData.tab}
            formAction={formAction}
            result={actionData}
            onSuccess={async (user) => {
              // The account's language wins (issue 26): a whole page load, since the other language's page needs
              // its own messages (the server has set the language cookie).
              const pageLocale = localeFromPath(location.pathname);
              if (isLocale(user.locale) && user.locale !== pageLocale) {
                window.location.assign(localizePath(redirectTo, user.locale));
                return;
              }
              await navigate(redirectTo, { replace: true });
              await revalidator.revalidate();
            }}
          />
        </div>
        <img
          src="/images/login-study.svg"
          alt=""
          width={480}
          height={400}
          className="hidden h-auto w-full max-w-md justify-self-center md:block"
        />
      </div>
      <CommunityBlock />
    </>
  );
}
