import { data } from "react-router";
import { basePath, localeFromPath } from "../../domain/i18n.ts";
import { getInfoPage } from "../../server/content/pages.server.ts";
import { ArticleBody } from "../articles/article-body";
import { PageHeading } from "../articles/page-heading";
import { i18nFrom, useT } from "../site/i18n";
import { pageMeta } from "../site/meta";
import type { Route } from "./+types/legal";

/** The legal pages: one module, one entry each (their text is content/pages/<page>.md). */
const LEGAL_PAGES = {
  "/terms-&-conditions": {
    page: "terms",
    key: "legal.terms",
  },
  "/privacy-&-policy": {
    page: "privacy",
    key: "legal.privacy",
  },
} as const;

export function loader({ url }: Route.LoaderArgs) {
  const path = basePath(url.pathname) as keyof typeof LEGAL_PAGES;
  const entry = LEGAL_PAGES[path];
  if (!entry) throw data(null, { status: 404 });
  return { ...entry, path, html: getInfoPage(entry.page, localeFromPath(url.pathname)).html };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { key, path } = loaderData;
  const { _: t } = i18nFrom(matches);
  return pageMeta({ title: t(`${key}.metaTitle`), description: t(`${key}.metaDescription`), path, matches });
}

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <PageHeading title={t(`${loaderData.key}.heading`)} />
      <div className="mx-auto max-w-6xl px-4 pb-8">
        <ArticleBody html={loaderData.html} className="max-w-3xl" />
      </div>
    </>
  );
}
