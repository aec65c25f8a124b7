import { data } from "react-router";
import { ComingSoon } from "../components/coming-soon";
import { PageHeading } from "../components/page-heading";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/article";

export function loader({ request }: Route.LoaderArgs) {
  const slug = new URL(request.url).pathname.slice(1);
  if (!slug) throw data(null, { status: 404 });
  const title = slug.replace(/-/g, " ").replace(/^./, (c) => c.toUpperCase());
  return { slug, title };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta({
    title: `${loaderData.title} | PaperStation`,
    description: `${loaderData.title}: advice for Maharashtra SSC students from PaperStation.`,
    path: `/${loaderData.slug}`,
    matches,
    type: "article",
  });
}

export default function Article({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeading title={loaderData.title} />
      <ComingSoon what="This article" />
    </>
  );
}
