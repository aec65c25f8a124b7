import { data } from "react-router";
import { getInfoPage } from "../../server/content/pages.server.ts";
import { ArticleBody } from "../components/article-body";
import { PageHeading } from "../components/page-heading";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/legal";

/** The legal pages: one module, one entry each (their text is content/pages/<page>.md). */
const LEGAL_PAGES = {
  "/terms-&-conditions": {
    page: "terms",
    heading: "Terms and Conditions",
    title: "Terms and Conditions | PaperStation",
    description:
      "The terms for using PaperStation: your account, how you may use the question papers, our disclaimer and the law that applies.",
  },
  "/privacy-&-policy": {
    page: "privacy",
    heading: "Privacy and Policy",
    title: "Privacy Policy | PaperStation",
    description:
      "What PaperStation collects and why: account details, two cookies and anonymous speed measurements. No trackers, no advertising, no selling of data.",
  },
} as const;

export function loader({ url }: Route.LoaderArgs) {
  const path = url.pathname as keyof typeof LEGAL_PAGES;
  const entry = LEGAL_PAGES[path];
  if (!entry) throw data(null, { status: 404 });
  return { ...entry, path, html: getInfoPage(entry.page).html };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { title, description, path } = loaderData;
  return pageMeta({ title, description, path, matches });
}

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeading title={loaderData.heading} />
      <div className="mx-auto max-w-6xl px-4 pb-8">
        <ArticleBody html={loaderData.html} className="max-w-3xl" />
      </div>
    </>
  );
}
