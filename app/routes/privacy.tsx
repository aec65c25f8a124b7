import { getInfoPage } from "../../server/content/pages.server.ts";
import { ArticleBody } from "../components/article-body";
import { PageHeading } from "../components/page-heading";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/privacy";

export function loader() {
  return { html: getInfoPage("privacy").html };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Privacy Policy | PaperStation",
    description:
      "What PaperStation collects and why: account details, two cookies and anonymous speed measurements. No trackers, no advertising, no selling of data.",
    path: "/privacy-&-policy",
    matches,
  });
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeading title="Privacy and Policy" />
      <div className="mx-auto max-w-6xl px-4 pb-8">
        <ArticleBody html={loaderData.html} className="max-w-3xl" />
      </div>
    </>
  );
}
