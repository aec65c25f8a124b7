import { Breadcrumbs } from "../components/breadcrumbs";
import { ComingSoon } from "../components/coming-soon";
import { PageHeading } from "../components/page-heading";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/login";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Login or Sign Up | PaperStation",
    description:
      "Sign up or sign in to PaperStation to open free Maharashtra SSC previous-year question papers and solutions.",
    path: "/login",
    matches,
  });
}

export default function Page() {
  return (
    <>
      <Breadcrumbs label="Login" path="/login" />
      <PageHeading title="Login" />
      <ComingSoon what="Sign up and sign in" />
    </>
  );
}
