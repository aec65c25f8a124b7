import { data } from "react-router";
import { SITE } from "../../domain/site.ts";
import { ErrorPanel } from "../root";
import { i18nFrom } from "../site/i18n";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export function meta({ location, matches }: Route.MetaArgs) {
  const { _: t } = i18nFrom(matches);
  return [
    { title: t("common.notFound.metaTitle", { site: SITE.name }) },
    {
      name: "description",
      content: t("common.notFound.metaDescription", { path: location.pathname, site: SITE.name }),
    },
    { name: "robots", content: "noindex" },
  ];
}

/** The same panel as every 404 the root's boundary shows. */
export default function NotFound() {
  return <ErrorPanel name="notFound" />;
}
