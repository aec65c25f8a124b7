import { SOCIAL_LINKS } from "../../domain/site.ts";
import { useT } from "../site/i18n";

const GROUPS = [
  {
    label: "common.community.whatsapp",
    href: SOCIAL_LINKS.whatsapp.href,
    className: "text-green-800 hover:bg-green-50",
  },
  { label: "common.community.telegram", href: SOCIAL_LINKS.telegram.href, className: "text-sky-800 hover:bg-sky-50" },
];

/** Invitation to the messaging groups (spec §1); links come from domain/site.ts. */
export function CommunityBlock() {
  const t = useT();
  return (
    <section aria-labelledby="community-heading" className="mx-auto my-10 max-w-6xl px-4">
      <div className="rounded-2xl bg-indigo-800 px-6 py-8 text-white sm:flex sm:items-center sm:justify-between sm:gap-6">
        <div>
          <h2 id="community-heading" className="text-xl font-bold">
            {t("common.community.title")}
          </h2>
          <p className="mt-1 text-indigo-100">{t("common.community.text")}</p>
        </div>
        <div className="mt-4 flex flex-wrap gap-3 sm:mt-0 sm:shrink-0">
          {GROUPS.map((group) => (
            <a
              key={group.href}
              href={group.href}
              rel="noopener noreferrer"
              target="_blank"
              className={`rounded-lg bg-white px-4 py-2 font-semibold ${group.className}`}
            >
              {t(group.label)}
              <span className="sr-only"> {t("common.newTab")}</span>
            </a>
          ))}
        </div>
      </div>
    </section>
  );
}
