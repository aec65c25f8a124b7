import { Breadcrumbs } from "../components/breadcrumbs";
import { ComingSoon } from "../components/coming-soon";
import { PageHeading } from "../components/page-heading";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/contact";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Contact Us",
    description:
      "Contact the PaperStation team: chat with us on WhatsApp or write to us by e-mail about papers, your account or the site.",
    path: "/contact-us",
    matches,
  });
}

export default function Page() {
  return (
    <>
      <Breadcrumbs label="Contact Us" path="/contact-us" />
      <PageHeading title="Contact Us" />
      <ComingSoon what="The contact options" />
    </>
  );
}
