import { data, Link } from "react-router";
import { localeFromPath } from "../../domain/i18n.ts";
import {
  parseSearchQuery,
  SEARCH_MAX_LENGTH,
  SEARCH_MAX_LIMIT,
  type SearchResult,
  type SnippetPart,
} from "../../domain/search.ts";
import { SITE } from "../../domain/site.ts";
import { isDatabaseUnavailable } from "../../server/db/errors.server.ts";
import { clientIp } from "../../server/http/guards.server.ts";
import { HttpError } from "../../server/http/respond.server.ts";
import { countSearch } from "../../server/search/limits.server.ts";
import { searchSite } from "../../server/search/search.server.ts";
import { expressRequestContext, servicesContext } from "../context";
import { Breadcrumbs } from "../site/breadcrumbs";
import { i18nFrom, useLocale, useT } from "../site/i18n";
import { pageMeta } from "../site/meta";
import { SearchBox } from "../site/search-box";
import type { Route } from "./+types/search";

type Problem = "too_long" | "repeated" | "unavailable" | "too_many" | "busy";

type SearchPageData =
  | { state: "prompt"; q: "" }
  | { state: "problem"; problem: Problem; q: string }
  | { state: "results"; q: string; result: SearchResult };

/**
 * `/search?q=` (issue 16), rendered on the server so that it works without JavaScript. No query is a 200 with
 * a prompt; a query the API would refuse is a 400 page that says why (not the error boundary); a search that
 * fails on our side says so and asks to try again.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const parsed = parseSearchQuery(url.searchParams);
  if (!parsed.ok) {
    if (parsed.reason === "empty") return data<SearchPageData>({ state: "prompt", q: "" });
    // A too-long query stays in the box (cut, so a huge link cannot make a huge page) to be shortened there.
    const q = parsed.reason === "too_long" ? (url.searchParams.get("q") ?? "").slice(0, 1000) : "";
    return data<SearchPageData>({ state: "problem", problem: parsed.reason, q }, { status: 400 });
  }
  const services = context.get(servicesContext);
  // The page costs what the API does, and is limited the same way (issue 23): per address, per uncached search.
  const client = clientIp(context.get(expressRequestContext));
  try {
    await countSearch(services, client);
    const result = await searchSite(services, parsed.q, {
      locale: localeFromPath(url.pathname),
      limit: SEARCH_MAX_LIMIT,
      client,
    });
    return data<SearchPageData>({ state: "results", q: parsed.q, result });
  } catch (error) {
    if (error instanceof HttpError && (error.status === 429 || error.status === 503)) {
      const problem: Problem = error.status === 429 ? "too_many" : "busy";
      return data<SearchPageData>(
        { state: "problem", problem, q: parsed.q },
        { status: error.status, headers: error.headers },
      );
    }
    const unavailable = isDatabaseUnavailable(error);
    if (!unavailable) services.log.error({ err: error }, "search page failed");
    return data<SearchPageData>(
      { state: "problem", problem: "unavailable", q: parsed.q },
      { status: unavailable ? 503 : 500, headers: unavailable ? { "Retry-After": "5" } : {} },
    );
  }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const { _: t } = i18nFrom(matches);
  const q = loaderData?.q ?? "";
  return pageMeta({
    title: q ? t("search.metaTitleQuery", { query: q, site: SITE.name }) : t("search.metaTitle", { site: SITE.name }),
    description: t("search.metaDescription"),
    path: "/search",
    matches,
    // The search page itself may be found; one page per query would be endless thin copies of other pages.
    noindex: loaderData?.state !== "prompt",
  });
}

/** Example searches the bank really answers, in the page's language. */
const EXAMPLES = ["search.example.one", "search.example.two", "search.example.three", "search.example.four"];

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const page = loaderData;
  return (
    <>
      <Breadcrumbs label={t("search.title")} path="/search" />
      <div className="mx-auto max-w-3xl px-4 pt-8 pb-12">
        <h1 className="text-2xl font-bold text-indigo-900 sm:text-3xl">{t("search.title")}</h1>
        <p className="mt-2 text-slate-700">{t("search.intro")}</p>
        {/* The header's box, larger. A new query is a new box, in step with the page's results. */}
        <div className="mt-4 [&_button]:px-4 [&_input]:h-12 [&_input]:text-base">
          <SearchBox key={page.q} defaultValue={page.q} />
        </div>
        <div className="mt-6">
          {page.state === "prompt" ? (
            <Prompt />
          ) : page.state === "problem" ? (
            <ProblemMessage problem={page.problem} />
          ) : (
            <Results result={page.result} />
          )}
        </div>
      </div>
    </>
  );
}

function SearchLink({ query }: { query: string }) {
  const { path } = useLocale();
  return (
    <Link
      to={`${path("/search")}?${new URLSearchParams({ q: query })}`}
      className="inline-block rounded-full border border-indigo-300 px-3 py-1.5 font-medium text-indigo-800 hover:bg-indigo-50"
    >
      {query}
    </Link>
  );
}

function Prompt() {
  const t = useT();
  return (
    <section aria-labelledby="search-prompt">
      <h2 id="search-prompt" className="text-lg font-semibold text-slate-900">
        {t("search.prompt.title")}
      </h2>
      <p className="mt-1 text-slate-700">{t("search.prompt.text")}</p>
      <ul className="mt-3 flex flex-wrap gap-2" aria-label={t("search.prompt.examples")}>
        {EXAMPLES.map((key) => (
          <li key={key}>
            <SearchLink query={t(key)} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ProblemMessage({ problem }: { problem: Problem }) {
  const t = useT();
  const text =
    problem === "too_long"
      ? t("search.problem.tooLong", { max: SEARCH_MAX_LENGTH })
      : problem === "repeated"
        ? t("search.problem.repeated")
        : problem === "too_many"
          ? t("search.problem.tooMany")
          : problem === "busy"
            ? t("search.problem.busy")
            : t("search.problem.unavailable");
  return (
    <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-900">
      {text}
    </p>
  );
}

function Snippet({ parts }: { parts: readonly SnippetPart[] }) {
  return (
    <p className="mt-1 text-slate-700">
      {parts.map((part, index) =>
        part.hit ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never move; the same word may come twice
          <mark key={index} className="rounded-sm bg-amber-200 px-0.5 text-slate-900">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}

function Results({ result }: { result: SearchResult }) {
  const t = useT();
  const { path } = useLocale();
  const shown = result.groups.reduce((sum, group) => sum + group.hits.length, 0);
  if (shown === 0) {
    return (
      <section aria-labelledby="search-none">
        <h2 id="search-none" className="text-lg font-semibold text-slate-900">
          {t("search.none.title", { query: result.query })}
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-6 text-slate-700">
          <li>{t("search.none.spelling")}</li>
          <li>{t("search.none.fewer")}</li>
          <li>{t("search.none.language")}</li>
        </ul>
        <p className="mt-4">
          <Link to={path("/")} className="font-semibold text-indigo-800 underline underline-offset-4">
            {t("search.none.browse")}
          </Link>
        </p>
      </section>
    );
  }
  return (
    <>
      <p role="status" className="text-slate-700">
        {t("search.count", { count: result.total, query: result.query })}
        {result.total > shown ? ` ${t("search.more", { shown })}` : null}
      </p>
      {result.groups.map((group) =>
        group.hits.length === 0 ? null : (
          <section key={group.kind} aria-labelledby={`search-${group.kind}`} className="mt-6">
            <h2
              id={`search-${group.kind}`}
              className="border-b border-slate-200 pb-1 text-lg font-bold text-indigo-900"
            >
              {t(`common.search.kind.${group.kind}`)}{" "}
              {/* Every match of this kind, not only those listed: the list stops at the best few. */}
              <span className="ml-1 text-sm font-normal text-slate-600">
                {group.total > group.hits.length
                  ? t("search.groupMore", { count: group.total, shown: group.hits.length })
                  : t("search.groupCount", { count: group.total })}
              </span>
            </h2>
            <ul className="divide-y divide-slate-100">
              {group.hits.map((hit) => (
                <li key={hit.url} lang={hit.lang} className="py-3">
                  <Link to={hit.url} className="font-semibold text-indigo-800 underline-offset-4 hover:underline">
                    {hit.title}
                  </Link>
                  {hit.snippet.length > 0 ? <Snippet parts={hit.snippet} /> : null}
                  {hit.context ? <p className="mt-1 text-sm text-slate-600">{hit.context}</p> : null}
                </li>
              ))}
            </ul>
          </section>
        ),
      )}
    </>
  );
}
