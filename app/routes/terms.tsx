import { getInfoPage } from "../../server/content/pages.server.ts";
import { ArticleBody } from "../components/article-body";
import { PageHeading } from "../components/page-heading";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/terms";

export function loader() {
  return { html: getInfoPage("terms").html };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Terms and Conditions | PaperStation",
    description:
      "The terms for using PaperStation: your account, how you may use the question papers, our disclaimer and the law that applies.",
    path: "/terms-&-conditions",
    matches,
  });
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeading title="Terms and Conditions" />
      <div className="mx-auto max-w-6xl px-4 pb-8">
        <ArticleBody html={loaderData.html} className="max-w-3xl" />
      </div>
    </>
  );
}
