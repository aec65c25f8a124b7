import { data, Form } from "react-router";
import { parseSubjectPath } from "../../domain/subjects.ts";
import { ModelPaperBody } from "../model-papers/model-paper-view";
import { CHAPTER_FIELD } from "../pages";
import { loadChapterPractice } from "../practice/chapter-practice.server";
import { FlagForm } from "../reviews/flag-form";
import { Breadcrumbs } from "../site/breadcrumbs";
import { i18nFrom, useLocale, useT } from "../site/i18n";
import { pageMeta } from "../site/meta";
import type { Route } from "./+types/chapter-practice";

export function loader({ context, request, url }: Route.LoaderArgs) {
  // `/maharashtra-board-<slug>-question-papers/chapter-practice`: the path names the subject.
  const page = parseSubjectPath(url.pathname);
  if (!page) throw data(null, { status: 404 });
  return loadChapterPractice(context, request, page.subject, url);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const i18n = i18nFrom(matches);
  const name = i18n.locale === "mr" ? loaderData.subject.nameMr : loaderData.subject.name;
  return pageMeta({
    title: i18n._("paper.bank.metaTitle", { subject: name }),
    description: i18n._("paper.bank.metaDescription", { subject: name }),
    path: loaderData.path,
    matches,
    // A set is made for one student from a seed: only the chapter list itself is worth a search result.
    noindex: loaderData.set !== null || loaderData.problem !== null,
  });
}

export default function ChapterPracticePage({ loaderData }: Route.ComponentProps) {
  const { subject, subjectPath, path, medium, size, chapters, chosen, problem, set } = loaderData;
  const t = useT();
  const { path: localized, locale } = useLocale();
  const subjectName = locale === "mr" ? subject.nameMr : subject.name;
  const here = localized(path);
  const problemId = "chapter-problem";

  return (
    <>
      <Breadcrumbs parent={{ label: subjectName, path: subjectPath }} label={t("paper.bank.heading")} path={path} />
      <article className="mx-auto max-w-4xl px-4 py-6">
        <header className="mb-4">
          <p className="text-sm font-semibold text-indigo-800">{subjectName}</p>
          <h1 className="mt-1 text-2xl font-bold text-indigo-900 sm:text-3xl">{t("paper.bank.heading")}</h1>
          <p className="mt-2 text-slate-700">{t("paper.bank.intro", { size })}</p>
        </header>

        {/* A GET form: the set is a page with its own URL, and the form works without JavaScript. */}
        <Form method="get" action={here} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <input type="hidden" name="medium" value={medium} />
          <fieldset aria-describedby={problem ? problemId : undefined}>
            <legend className="font-semibold text-slate-900">{t("paper.bank.chapters")}</legend>
            {problem ? (
              <p id={problemId} role="alert" className="mt-2 font-semibold text-red-800">
                {problem === "pickOne" ? t("paper.bank.pickOne") : t("paper.bank.unknownChapter")}
              </p>
            ) : null}
            <ul className="mt-2 grid gap-1 sm:grid-cols-2">
              {chapters.map((chapter) => (
                <li key={chapter.id}>
                  <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 py-1 hover:bg-indigo-50">
                    <input
                      type="checkbox"
                      name={CHAPTER_FIELD}
                      value={chapter.id}
                      defaultChecked={chosen.includes(chapter.id)}
                      className="size-6 shrink-0 accent-indigo-700"
                    />
                    <span className="min-w-0 flex-1">
                      {chapter.name}{" "}
                      <span className="text-sm text-slate-600">
                        ({t("paper.bank.count", { count: chapter.items })})
                      </span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <button
            type="submit"
            name="make"
            value="1"
            className="mt-4 rounded-lg bg-indigo-700 px-5 py-2 font-semibold text-white hover:bg-indigo-800"
          >
            {t("paper.bank.make")}
          </button>
        </Form>

        {set ? (
          <section aria-labelledby="chapter-set" className="mt-8">
            <h2 id="chapter-set" className="text-xl font-bold text-indigo-900">
              {t("paper.bank.setHeading", { count: set.count, chapters: set.chapterNames.join(", ") })}
            </h2>
            {set.signedIn ? (
              <>
                <div className="mt-4">
                  <ModelPaperBody
                    view={{ language: set.language, questions: set.questions.map((q) => q.question) }}
                    answers="each"
                    extras={{
                      section: (section) => {
                        // By the first item's id, which survives the trip to the browser (object identity need not).
                        const first = section.items[0]?.id;
                        const source = set.questions.find((q) => q.question.sections[0]?.items[0]?.id === first);
                        return source ? (
                          <>
                            <p className="mt-1 text-sm text-slate-600">
                              {t("paper.bank.from", { paper: source.paperTitle, number: source.questionNumber })}
                            </p>
                            <FlagForm items={source.itemKeys} returnTo={localized(set.returnTo)} />
                          </>
                        ) : null;
                      },
                    }}
                  />
                </div>
                <p className="mt-6">
                  <a
                    href={localized(set.another)}
                    className="inline-block rounded-lg border border-indigo-700 px-5 py-2 font-semibold text-indigo-800 hover:bg-indigo-50"
                  >
                    {t("paper.bank.another")}
                  </a>
                </p>
              </>
            ) : (
              <div className="mt-4 rounded-xl border border-indigo-200 bg-indigo-50 p-5 text-center">
                <p className="font-semibold text-indigo-950">{t("paper.bank.signIn")}</p>
                <a
                  href={`${localized("/login")}?redirectTo=${encodeURIComponent(localized(set.returnTo))}`}
                  className="mt-4 inline-block rounded-lg bg-indigo-700 px-5 py-2 font-semibold text-white hover:bg-indigo-800"
                >
                  {t("paper.signIn")}
                </a>
              </div>
            )}
          </section>
        ) : null}
      </article>
    </>
  );
}
