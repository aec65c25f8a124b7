import { localeFromPath } from "../../domain/i18n.ts";
import { getInfoPage } from "../../server/content/pages.server.ts";
import { ArticleBody } from "../articles/article-body";
import { CommunityBlock } from "../articles/community-block";
import { PageHeading } from "../articles/page-heading";
import { Breadcrumbs } from "../site/breadcrumbs";
import { i18nFrom, useT } from "../site/i18n";
import { pageMeta } from "../site/meta";
import type { Route } from "./+types/about";

/** The two panels of spec §2 "About": the origin, then the 3Cs; text from content/pages/about.md. */
const PANEL_IMAGES = [
  { src: "/images/about-origin.svg", alt: "about.images.origin" },
  { src: "/images/about-3cs.svg", alt: "about.images.threeCs" },
] as const;

export function loader({ url }: Route.LoaderArgs) {
  const sections = getInfoPage("about", localeFromPath(url.pathname)).sections.filter(
    (section) => section.heading !== "",
  );
  return { panels: sections.slice(0, PANEL_IMAGES.length) };
}

export function meta({ matches }: Route.MetaArgs) {
  const { _: t } = i18nFrom(matches);
  return pageMeta({
    title: t("about.metaTitle"),
    description: t("about.metaDescription"),
    path: "/about-us",
    matches,
  });
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <Breadcrumbs label={t("common.nav.about")} path="/about-us" />
      <PageHeading title={t("common.nav.about")} />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 pb-4">
        {loaderData.panels.map((panel, index) => {
          const image = PANEL_IMAGES[index];
          const headingId = `about-panel-${index + 1}`;
          return (
            <section
              key={panel.heading}
              aria-labelledby={headingId}
              className="grid items-center gap-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 md:grid-cols-2"
            >
              <div className={index % 2 === 1 ? "md:order-2" : undefined}>
                <h2 id={headingId} className="text-xl font-bold text-indigo-900 sm:text-2xl">
                  {panel.heading}
                </h2>
                <ArticleBody html={panel.html} className="mt-3" />
              </div>
              {image ? (
                <img
                  src={image.src}
                  alt={t(image.alt)}
                  width={480}
                  height={320}
                  loading={index === 0 ? "eager" : "lazy"}
                  decoding="async"
                  className="mx-auto h-auto w-full max-w-md"
                />
              ) : null}
            </section>
          );
        })}
      </div>
      <CommunityBlock />
    </>
  );
}
