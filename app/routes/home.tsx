import { redirect } from "react-router";
import { isMedium } from "../../domain/catalog.ts";
import { mediumCookie } from "../../domain/cookies.ts";
import { localeFromPath, localizePath } from "../../domain/i18n.ts";
import { isSubjectKey, subjectByKey, subjectPath } from "../../domain/subjects.ts";
import { rememberAccountMedium } from "../../server/auth/medium.server.ts";
import { getHomeWelcome } from "../../server/content/pages.server.ts";
import { CommunityBlock } from "../articles/community-block";
import { servicesContext } from "../context";
import { HomeJsonLd } from "../home/home-json-ld";
import { HomePaperForm, type PaperFormErrors, validatePaperForm } from "../home/home-paper-form";
import { WelcomeSection } from "../home/welcome-section";
import { unfinishedPractice } from "../practice/practice.server";
import { getUser } from "../requests/session.server";
import { orUnavailable } from "../requests/unavailable.server";
import { i18nFrom, useLocale, useT } from "../site/i18n";
import { mediumFromCookie } from "../site/medium";
import { pageMeta } from "../site/meta";
import { lastOpenedPapers } from "../viewer/last-opened.server";
import type { Route } from "./+types/home";

export function meta({ matches }: Route.MetaArgs) {
  const { _: t } = i18nFrom(matches);
  return pageMeta({
    title: t("common.site.defaultTitle"),
    description: t("common.site.defaultDescription"),
    path: "/",
    matches,
  });
}

/**
 * Without JavaScript (and with it, signed in) the hero form arrives here as `/?standard=10&medium=…&subject=…`:
 * a valid choice is remembered in the cookie, and on the account when signed in (decision 029), and redirected
 * to its subject page; a bad one is shown again with its messages. A plain visit preselects the remembered medium.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const cookieMedium = mediumFromCookie(request.headers.get("cookie"));
  const locale = localeFromPath(url.pathname);
  const submitted = url.searchParams.has("medium") || url.searchParams.has("subject");
  // Where a deleted account lands (issue 26): the page says it is done.
  const deleted = url.searchParams.get("deleted") === "1";
  if (!submitted) {
    return {
      values: { medium: cookieMedium ?? "", subject: "" },
      errors: {} as PaperFormErrors,
      welcome: getHomeWelcome(locale),
      deleted,
      // Continue where you left off (issue 26): a signed-in student's unfinished practice and the papers they
      // opened last; nothing for a visitor.
      unfinished: await unfinishedPractice(context, locale),
      lastOpened: await lastOpenedPapers(context, locale),
    };
  }
  const values = { medium: url.searchParams.get("medium") ?? "", subject: url.searchParams.get("subject") ?? "" };
  const errors = validatePaperForm(values);
  const { medium, subject } = values;
  if (isMedium(medium) && isSubjectKey(subject)) {
    const services = context.get(servicesContext);
    const user = await getUser(context);
    if (user) await orUnavailable(() => rememberAccountMedium(services, user.id, medium));
    return redirect(localizePath(subjectPath(subjectByKey(subject)), locale), {
      headers: { "Set-Cookie": mediumCookie(medium, services.config.https) },
    });
  }
  return { values, errors, welcome: getHomeWelcome(locale), deleted, unfinished: [], lastOpened: [] };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { path } = useLocale();
  return (
    <>
      {loaderData.deleted ? (
        <p role="status" className="bg-emerald-50 px-4 py-3 text-center text-emerald-950">
          {t("home.deleted")}
        </p>
      ) : null}
      <section aria-labelledby="home-title" className="bg-gradient-to-br from-indigo-900 to-indigo-700 text-white">
        <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-10 max-sm:gap-5 max-sm:py-6 sm:flex-row sm:items-center sm:justify-between">
          <div className="sm:max-w-md">
            <h1 id="home-title" className="text-2xl font-bold sm:text-4xl">
              {t("home.title")}
            </h1>
            <p className="mt-2 text-indigo-100">{t("common.site.tagline")}.</p>
            <p className="mt-1 text-indigo-100 max-sm:hidden">{t("home.intro")}</p>
            {/* Phones on mobile data never fetch the picture: the source only matches from 640 px. */}
            <picture className="mt-6 hidden sm:block">
              <source media="(min-width: 640px)" srcSet="/images/home/hero-papers.svg" />
              <img
                src="data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw=="
                alt=""
                width={420}
                height={280}
                className="h-auto w-full max-w-sm"
              />
            </picture>
          </div>
          <HomePaperForm
            key={`${loaderData.values.medium}|${loaderData.values.subject}`}
            initialValues={loaderData.values}
            initialErrors={loaderData.errors}
          />
        </div>
      </section>
      {loaderData.unfinished.length > 0 ? (
        <section aria-labelledby="home-continue" className="mx-auto mt-6 max-w-6xl px-4">
          <div className="rounded-xl border border-amber-300 bg-amber-50 p-4">
            <h2 id="home-continue" className="font-semibold text-slate-900">
              {t("home.continue")}
            </h2>
            <ul className="mt-2 grid gap-2">
              {loaderData.unfinished.map((attempt) => (
                <li key={attempt.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
                  <span>
                    {attempt.title} · {attempt.day}
                  </span>
                  <a
                    href={path(attempt.href ?? "/progress")}
                    className="rounded-lg bg-indigo-700 px-4 py-2 font-semibold text-white hover:bg-indigo-800"
                  >
                    {t("home.continueButton")}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}
      {loaderData.lastOpened.length > 0 ? (
        <section aria-labelledby="home-last-opened" className="mx-auto mt-6 max-w-6xl px-4">
          <div className="rounded-xl border border-slate-200 bg-white p-4">
            <h2 id="home-last-opened" className="font-semibold text-slate-900">
              {t("home.lastOpened")}
            </h2>
            <ul className="mt-2 grid gap-2">
              {loaderData.lastOpened.map((paper) => (
                <li key={paper.key}>
                  <a href={path(paper.href)} lang={paper.lang} className="font-semibold text-indigo-800 underline">
                    {paper.title}
                  </a>
                  <span className="text-slate-700">
                    {` · ${t(paper.kind === "solution" ? "home.lastSolution" : "home.lastQuestion", { page: paper.page })}`}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}
      <WelcomeSection welcome={loaderData.welcome} />
      <CommunityBlock />
      <HomeJsonLd />
    </>
  );
}
