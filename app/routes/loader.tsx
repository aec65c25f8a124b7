import { i18nFrom, useT } from "../site/i18n";
import { LoaderAnimation } from "../site/loader-animation";
import { pageMeta } from "../site/meta";
import type { Route } from "./+types/loader";

export function meta({ matches }: Route.MetaArgs) {
  const { _: t } = i18nFrom(matches);
  return [
    ...pageMeta({
      title: t("common.loading.metaTitle"),
      description: t("common.loading.metaDescription"),
      path: "/loader",
      matches,
    }),
    { name: "robots", content: "noindex" },
  ];
}

export default function LoaderPage() {
  const t = useT();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="sr-only">{t("common.loading.title")}</h1>
      <LoaderAnimation />
    </div>
  );
}
