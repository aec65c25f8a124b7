import { Breadcrumbs } from "../components/breadcrumbs";
import { ComingSoon } from "../components/coming-soon";
import { PageHeading } from "../components/page-heading";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/about";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "About Us | PaperStation",
    description:
      "PaperStation was made by students for students: free Maharashtra SSC previous-year papers, guided by our 3Cs of Consistency, Collaboration and Creativity.",
    path: "/about-us",
    matches,
  });
}

export default function Page() {
  return (
    <>
      <Breadcrumbs label="About Us" path="/about-us" />
      <PageHeading title="About Us" />
      <ComingSoon what="Our story" />
    </>
  );
}
