import { ComingSoon } from "../components/coming-soon";
import { PageHeading } from "../components/page-heading";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/terms";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Terms and Conditions | PaperStation",
    description:
      "The terms for using PaperStation: your account, how you may use the question papers, our disclaimer and the law that applies.",
    path: "/terms-&-conditions",
    matches,
  });
}

export default function Terms() {
  return (
    <>
      <PageHeading title="Terms and Conditions" />
      <ComingSoon what="The full text" />
    </>
  );
}
