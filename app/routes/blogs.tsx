import { Breadcrumbs } from "../components/breadcrumbs";
import { ComingSoon } from "../components/coming-soon";
import { PageHeading } from "../components/page-heading";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/blogs";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "SSC Exam Tips, Timetables and Results Blog | PaperStation",
    description:
      "Practical articles for Maharashtra SSC students: exam planning, timetables, results, subject strategy and how to practise with previous-year papers.",
    path: "/blogs",
    matches,
  });
}

export default function Page() {
  return (
    <>
      <Breadcrumbs label="Blogs" path="/blogs" />
      <PageHeading title="PaperStation Blog" />
      <ComingSoon what="The blog" />
    </>
  );
}
