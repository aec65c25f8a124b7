import { ComingSoon } from "../components/coming-soon";
import { PageHeading } from "../components/page-heading";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/privacy";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Privacy Policy | PaperStation",
    description:
      "The privacy for using PaperStation: your account, how you may use the question papers, our disclaimer and the law that applies.",
    path: "/privacy-&-policy",
    matches,
  });
}

export default function Privacy() {
  return (
    <>
      <PageHeading title="Privacy and Policy" />
      <ComingSoon what="The full text" />
    </>
  );
}
