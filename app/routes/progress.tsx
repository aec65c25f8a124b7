import { Link } from "react-router";
import { Breadcrumbs } from "../components/breadcrumbs";
import { TrendChart } from "../components/trend-chart";
import { pageMeta } from "../lib/meta";
import { loadProgress } from "../lib/practice.server";
import type { Route } from "./+types/progress";

export function loader({ context, url }: Route.LoaderArgs) {
  return loadProgress(context, url);
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Your progress | PaperStation",
    description: "Your timed practice by subject: papers attempted, best and latest scores, and chapters to work on.",
    path: "/progress",
    matches,
    noindex: true,
  });
}

const percent = (value: number | null) => (value === null ? "–" : `${value}%`);

/** Progress by subject, rendered on the server: it works without JavaScript. */
export default function Progress({ loaderData }: Route.ComponentProps) {
  const { subjects, firsts } = loaderData;
  return (
    <>
      <Breadcrumbs label="Your progress" path="/progress" />
      <div className="mx-auto max-w-5xl px-4 py-6">
        <h1 className="text-2xl font-bold text-indigo-900 sm:text-3xl">Your progress</h1>
        {subjects.length === 0 ? (
          <section aria-labelledby="start" className="mt-4">
            <p className="text-slate-800">
              You have not practised a paper yet. Sit one against the clock, mark it against the model answers, and your
              scores and weakest chapters show here.
            </p>
            <h2 id="start" className="mt-4 font-semibold text-slate-900">
              Try your first paper
            </h2>
            <ul className="mt-2 grid gap-2 sm:grid-cols-2">
              {firsts.map((first) => (
                <li key={first.href}>
                  <Link
                    to={first.href}
                    className="block rounded-lg border border-indigo-200 bg-white p-3 font-semibold text-indigo-800 hover:bg-indigo-50"
                  >
                    {first.subject}: {first.title}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : (
          <ul className="mt-4 grid gap-4 md:grid-cols-2">
            {subjects.map((s) => (
              <li
                key={s.subject}
                className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
                data-subject={s.subject}
              >
                <h2 className="text-lg font-bold text-slate-900">
                  <Link to={s.path} className="inline-block py-0.5 hover:underline">
                    {s.subject_name}
                  </Link>
                </h2>
                <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
                  <div>
                    <dt className="text-slate-600">Papers</dt>
                    <dd className="text-lg font-semibold">{s.papers_attempted}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">Best</dt>
                    <dd className="text-lg font-semibold">{percent(s.best_percentage)}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">Latest</dt>
                    <dd className="text-lg font-semibold">{percent(s.latest_percentage)}</dd>
                  </div>
                </dl>
                {s.trend.length > 0 ? (
                  <TrendChart
                    points={s.trend.map((t) => t.percentage)}
                    label={`${s.subject_name}: ${s.trend.map((t) => `${t.percentage}%`).join(", ")}, oldest first`}
                  />
                ) : (
                  <p className="mt-2 text-sm text-slate-700">No finished attempt yet.</p>
                )}
                {s.weakest_chapters.length > 0 ? (
                  <>
                    <h3 className="mt-3 text-sm font-semibold text-slate-900">Weakest chapters</h3>
                    <ol className="mt-1 list-decimal space-y-1 pl-5 text-sm text-slate-800">
                      {s.weakest_chapters.map((c) => (
                        <li key={c.chapter}>
                          {c.name} ({c.percentage}%)
                          {c.questions[0] ? (
                            <>
                              {" "}
                              <Link
                                to={c.questions[0].url}
                                className="inline-block py-0.5 font-semibold text-indigo-800 underline"
                              >
                                practise it
                              </Link>
                            </>
                          ) : null}
                        </li>
                      ))}
                    </ol>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
