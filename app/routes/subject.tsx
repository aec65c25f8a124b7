import { useEffect } from "react";
import { data, redirect, useActionData, useLocation, useNavigate, useNavigation, useRevalidator } from "react-router";
import { DEFAULT_STANDARD, MEDIUMS, type Medium } from "../../domain/catalog.ts";
import { mediumCookie } from "../../domain/cookies.ts";
import { formField } from "../../domain/form-data.ts";
import { type Locale, localeFromPath, localizePath } from "../../domain/i18n.ts";
import { safeRedirect } from "../../domain/redirect.ts";
import { parseSubjectPath, type Subject, subjectPath } from "../../domain/subjects.ts";
import { yearNotesFor } from "../../server/admin/year-notes.server.ts";
import { rememberAccountMedium } from "../../server/auth/medium.server.ts";
import { clientIp } from "../../server/http/guards.server.ts";
import { compiledCatalog } from "../../server/i18n/catalog.server.ts";
import { modelPaperListing } from "../../server/model-papers/catalog.server.ts";
import { getPaperListing, type PaperListItem, type YearGroup } from "../../server/papers/catalog.server.ts";
import { askForPaper, missingYears } from "../../server/papers/requests.server.ts";
import { expressRequestContext, servicesContext } from "../context";
import { MediumSwitcher } from "../papers/medium-switcher";
import { ModelPaperList } from "../papers/model-paper-list";
import { SubjectExplore } from "../papers/subject-explore";
import { type OpenPaperHandler, paperTitle, SubjectPaperList } from "../papers/subject-paper-list";
import { formRefusal, withRetryAfter } from "../requests/refusal.server";
import { getUser } from "../requests/session.server";
import { orUnavailable } from "../requests/unavailable.server";
import { JsonLd } from "../site/breadcrumbs";
import { i18nFor, i18nFrom, useT } from "../site/i18n";
import { LoaderAnimation } from "../site/loader-animation";
import { MEDIUM_KEY, mediumForRequest, mediumFromCookie, rememberMedium, storedMedium } from "../site/medium";
import { canonicalUrl, pageMeta } from "../site/meta";
import { useSubjectName } from "../site/subject-name";
import { usePaperViewer } from "../viewer/paper-viewer-layer";
import { findListedPaper, listedViewerPaper } from "../viewer/viewer-paper";
import { keepDataWhenOnlyViewerChanges, onlyViewerChanged, viewerTargetOf } from "../viewer/viewer-route";
import type { Route } from "./+types/subject";

/** The subject whose own page a path is (not a model paper's page under it). */
function subjectAt(pathname: string): Subject | undefined {
  const page = parseSubjectPath(pathname);
  return page?.paperId === undefined ? page?.subject : undefined;
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const subject = subjectAt(url.pathname);
  if (!subject) throw data(null, { status: 404 });
  const cookieHeader = request.headers.get("cookie");
  const { medium, fromQuery } = mediumForRequest(url, cookieHeader);
  const services = context.get(servicesContext);
  const years = await getPaperListing(services, { subject: subject.key, medium, standard: DEFAULT_STANDARD });
  // A medium chosen by link (also without JavaScript) is remembered for the next visit, and on the account when
  // signed in (decision 029).
  const headers = new Headers();
  if (fromQuery && mediumFromCookie(cookieHeader) !== medium) {
    headers.set("Set-Cookie", mediumCookie(medium, services.config.https));
  }
  const user = fromQuery ? await getUser(context) : null;
  if (user) await orUnavailable(() => rememberAccountMedium(services, user.id, medium));
  // Non-language model papers are in English for now: a Marathi-medium student still gets them, with a note.
  const inMedium = await modelPaperListing(services, subject.key, medium);
  const modelPapers = inMedium.length > 0 ? inMedium : await modelPaperListing(services, subject.key, "english");
  const modelPapersInEnglishOnly = inMedium.length === 0 && modelPapers.length > 0;
  // Years whose only papers are generated samples: official papers appear once an operator adds them.
  const sampleOnly = years.some((group) => group.papers.every((paper) => !paper.official));
  // A shared `?paper=` link may name a paper of another medium: the viewer opens it all the same,
  // over this visitor's own listing.
  const target = viewerTargetOf(url.searchParams);
  let linked = null;
  if (target && !findListedPaper(years, subject.name, target.id)) {
    for (const other of MEDIUMS.filter((m) => m !== medium)) {
      const listing = await getPaperListing(services, {
        subject: subject.key,
        medium: other,
        standard: DEFAULT_STANDARD,
      });
      linked = findListedPaper(listing, subject.name, target.id);
      if (linked) break;
    }
  }
  const locale = localeFromPath(url.pathname);
  // Board exam years whose March paper is not on the site (issue 25 §5): their rows say so, and offer a paper in
  // the same pattern and "Ask for this paper".
  const missing = missingYears(years);
  const noted = [...new Set([...years.map((g) => g.year), ...missing])];
  const notes = Object.fromEntries(
    await Promise.all(noted.map(async (year) => [year, await yearNotesFor(services, year, subject.key, locale)])),
  );
  // Hindi, Marathi and Sanskrit papers, and Marathi-medium model papers, are printed in Devanagari.
  const devanagari = modelPapers.some((paper) => paper.language !== "en");
  // Texts made here rather than in the page, whose scripts are at their budget.
  const t = translate(locale);
  const mediumLabel = t(`common.medium.${medium}`);
  // Back from "Ask for this paper": the year's row thanks the student.
  const asked = Number(url.searchParams.get("asked"));
  const askNote = missing.includes(asked) ? { year: asked, text: t("subject.askThanks"), alert: false } : null;
  return data(
    {
      subject,
      medium,
      years,
      // Every year with a row, newest first: those with papers, and every board exam year.
      rows: noted.sort((a, b) => b - a),
      missing,
      askNote,
      notes,
      modelPapers,
      board: t("subject.board", { medium: mediumLabel }),
      englishOnlyNote: modelPapersInEnglishOnly ? t("subject.englishOnly", { medium: mediumLabel }) : null,
      sampleNote: sampleOnly && modelPapers.length > 0 ? t("subject.sampleNote") : null,
      linked,
      devanagari,
      itemList: itemListOf(subject, years, { t, locale, mediumLabel }, services.config.siteUrl),
    },
    { headers },
  );
}

/** The page's messages on the server, for text made in the loader and the action. */
function translate(locale: Locale) {
  return i18nFor(locale, compiledCatalog(locale))._;
}

/**
 * The listing as schema.org structured data, made here rather than in the page: its code then stays out of the
 * page's scripts (the subject page is at its script budget).
 */
function itemListOf(
  subject: Subject,
  years: YearGroup[],
  { t, locale, mediumLabel }: { t: ReturnType<typeof translate>; locale: Locale; mediumLabel: string },
  siteUrl: string,
) {
  const name = locale === "mr" ? subject.nameMr : subject.name;
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name: t("subject.listName", { subject: name, medium: mediumLabel }),
    itemListElement: years
      .flatMap((group) => group.papers.map((paper) => ({ paper, year: group.year })))
      .map(({ paper, year }, index) => ({
        "@type": "ListItem",
        position: index + 1,
        name: t(paper.official ? "subject.listItem" : "subject.listItemSample", {
          subject: name,
          paper: paperTitle(t, paper, year),
        }),
        url: canonicalUrl(siteUrl, paper.question_url),
      })),
  };
}

/**
 * "Ask for this paper" (issue 25 §5): a plain form post, also without JavaScript. Counted, then back to the year's
 * row with a thank-you; a refusal (a year that cannot be asked for, or too many asks) is shown in that row.
 */
export async function action({ request, url, context }: Route.ActionArgs) {
  const subject = subjectAt(url.pathname);
  if (!subject) throw data(null, { status: 404 });
  const services = context.get(servicesContext);
  const form = await request.formData();
  const year = formField(form, "year");
  try {
    const asked = await orUnavailable(() =>
      askForPaper(services, {
        subject: subject.key,
        // The listing's medium, as the loader reads it: the form posts to the page's own address.
        medium: mediumForRequest(url, request.headers.get("cookie")).medium,
        year,
        ip: clientIp(context.get(expressRequestContext)),
      }),
    );
    const back = localizePath(subjectPath(subject), localeFromPath(url.pathname));
    return redirect(safeRedirect(`${back}?medium=${asked.medium}&asked=${asked.year}#year-${asked.year}`, back), 303);
  } catch (error) {
    const t = translate(localeFromPath(url.pathname));
    return formRefusal(error, (refusal) => ({
      year: Number(year),
      text: t(refusal.status === 429 ? "subject.askTooMany" : "subject.askRefused"),
      alert: true,
    }));
  }
}

export const shouldRevalidate = keepDataWhenOnlyViewerChanges;

/** A stalled mobile connection must end in the Retry message, not in a loader that spins forever. */
const LISTING_TIMEOUT_MS = 20_000;

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    // Not shown: the error boundary says what happened in the page's language.
    timer = setTimeout(() => reject(new Error("listing timed out")), LISTING_TIMEOUT_MS);
  });
  try {
    return await Promise.race([serverLoader(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  // A refused "Ask for this paper" (429) says when to try again, as the API does.
  return withRetryAfter(loaderHeaders, actionHeaders);
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const subject = loaderData?.subject ?? subjectAt(location.pathname);
  if (!subject) return [];
  const i18n = i18nFrom(matches);
  const name = i18n.locale === "mr" ? subject.nameMr : subject.name;
  return pageMeta({
    title: i18n._("subject.metaTitle", { subject: name }),
    description: i18n._("subject.metaDescription", { subject: name }),
    path: subjectPath(subject),
    matches,
  });
}

/** True while a client-side navigation to (or within) a subject page waits for its loader. */
function useSubjectNavigationPending(): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  if (navigation.state !== "loading" || subjectAt(navigation.location.pathname) === undefined) return false;
  // Opening or closing the viewer keeps the listing (and the link that opened it, for focus).
  const here = new URL(`${location.pathname}${location.search}`, "http://x");
  const next = new URL(`${navigation.location.pathname}${navigation.location.search}`, "http://x");
  return !onlyViewerChanged(here, next);
}

export default function SubjectPage({ loaderData }: Route.ComponentProps) {
  const { subject, medium, years, rows, missing, askNote, notes, modelPapers, englishOnlyNote, sampleNote, linked } =
    loaderData;
  const t = useT();
  const subjectName = useSubjectName();
  const name = subjectName(subject);
  const pending = useSubjectNavigationPending();
  const viewer = usePaperViewer((id) => findListedPaper(years, name, id, t) ?? (linked?.id === id ? linked : null));

  useRememberedMedium(medium);

  const onOpen: OpenPaperHandler = (event, { paper, year, kind }) => {
    const target = listedViewerPaper(name, paper, year, t);
    if (kind === "question") viewer.openInPlace(event, target, "question");
    else viewer.onSolutionClick(event, target);
  };
  const solutionHref = (paper: PaperListItem, year: number) =>
    viewer.solutionHref(listedViewerPaper(name, paper, year, t));

  const refused = useActionData<typeof action>();

  return (
    <>
      <div className="mx-auto max-w-6xl px-4 pt-8 pb-4">
        <h1 className="text-2xl font-bold text-indigo-900 sm:text-3xl">{t("subject.heading", { subject: name })}</h1>
        {name === subject.nameMr ? null : (
          <p lang="mr" className="mt-1 text-slate-700">
            {subject.nameMr}
          </p>
        )}
        <p className="mt-2 text-slate-700">
          {loaderData.board} {viewer.signedIn ? t("subject.tapToOpen") : t("subject.signInToOpen")}
        </p>
        <MediumSwitcher current={medium} />
      </div>
      {viewer.notice}
      <div className="mx-auto max-w-6xl px-4">
        {pending ? (
          <LoaderAnimation />
        ) : (
          <>
            <ModelPaperList papers={modelPapers} base={subjectPath(subject)} note={englishOnlyNote} />
            {sampleNote ? (
              <p className="mb-4 max-w-3xl rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
                {sampleNote}
              </p>
            ) : null}
            <SubjectPaperList
              years={years}
              rows={rows}
              missing={missing}
              note={refused ?? askNote}
              base={subjectPath(subject)}
              notes={notes}
              onOpen={onOpen}
              solutionHref={solutionHref}
            />
          </>
        )}
      </div>
      <SubjectExplore currentKey={subject.key} />
      <JsonLd data={loaderData.itemList} />
      {viewer.layer}
    </>
  );
}

/**
 * Keeps storage and cookie in step with the page (spec §3: storage holds the medium, set if
 * missing). If only storage remembers a medium (the cookie expired or was cleared), the page
 * switches to it once.
 */
function useRememberedMedium(medium: Medium) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const stored = storedMedium();
    const inUrl = new URLSearchParams(location.search).has(MEDIUM_KEY);
    const inCookie = mediumFromCookie(document.cookie);
    if (stored && stored !== medium && !inUrl && !inCookie) {
      rememberMedium(stored);
      navigate(`?${MEDIUM_KEY}=${stored}`, { replace: true, preventScrollReset: true });
      return;
    }
    if (stored !== medium || inCookie !== medium) rememberMedium(medium);
  }, [medium, location.search, navigate]);
}

export function ErrorBoundary() {
  const location = useLocation();
  const revalidator = useRevalidator();
  const subject = subjectAt(location.pathname);
  const retrying = revalidator.state === "loading";
  const t = useT();
  const subjectName = useSubjectName();
  return (
    <div className="mx-auto max-w-2xl px-4 py-12 text-center">
      <h1 className="text-2xl font-bold text-indigo-900 sm:text-3xl">
        {subject ? t("subject.heading", { subject: subjectName(subject) }) : t("subject.headingAny")}
      </h1>
      <div role="alert" className="mt-6 rounded-xl border border-red-200 bg-red-50 p-5 text-red-900">
        <p className="font-semibold">{t("subject.loadFailed")}</p>
        <p className="mt-1">{t("subject.checkConnection")}</p>
      </div>
      <button
        type="button"
        onClick={() => void revalidator.revalidate()}
        disabled={retrying}
        className="mt-6 rounded-lg bg-indigo-700 px-6 py-3 font-semibold text-white hover:bg-indigo-800 disabled:cursor-wait disabled:opacity-75"
      >
        {retrying ? t("subject.retrying") : t("auth.dialog.retry")}
      </button>
      {retrying ? <LoaderAnimation /> : null}
    </div>
  );
}
