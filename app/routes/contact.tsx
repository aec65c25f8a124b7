import { SOCIAL_LINKS } from "../../domain/site.ts";
import { servicesContext } from "../context";
import { Breadcrumbs } from "../site/breadcrumbs";
import { i18nFrom, useT } from "../site/i18n";
import { pageMeta } from "../site/meta";
import type { Route } from "./+types/contact";

const MAIL_SUBJECT = "PaperStation: question or feedback";
const MAIL_BODY = [
  "Hello PaperStation team,",
  "",
  "I am writing about (a paper, my account, a mistake on the site, or something else):",
  "",
  "Subject, year and medium (if it is about a paper):",
  "",
  "Thank you.",
].join("\n");

/** RFC 6068 mailto: with a preset subject and body, each percent-encoded (spaces as %20, not +). */
function mailtoHref(email: string, subject: string, body: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

export function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(servicesContext);
  return { supportEmail: config.supportEmail };
}

export function meta({ matches }: Route.MetaArgs) {
  const { _: t } = i18nFrom(matches);
  return pageMeta({
    title: t("common.nav.contact"),
    description: t("contact.metaDescription"),
    path: "/contact-us",
    matches,
  });
}

const cardClass =
  "flex h-[95px] items-center gap-4 overflow-hidden rounded-2xl border border-slate-200 bg-white px-4 shadow-sm hover:border-indigo-400 hover:bg-indigo-50";

const ICONS = {
  // A speech bubble and an envelope, drawn inline: no icon font, no emoji font needed.
  chat: "M4 5h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H9l-4 3v-3H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm3 5h10M7 13h6",
  mail: "M3 6h18v12H3zM3 6l9 7 9-7",
} as const;

function CardIcon({ icon, className }: { icon: keyof typeof ICONS; className: string }) {
  return (
    <span className={`flex size-12 shrink-0 items-center justify-center rounded-full ${className}`}>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="26"
        height="26"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
        strokeLinecap="round"
      >
        <path d={ICONS[icon]} />
      </svg>
    </span>
  );
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { supportEmail } = loaderData;
  const t = useT();
  return (
    <>
      <Breadcrumbs label={t("common.nav.contact")} path="/contact-us" />
      <div className="mx-auto max-w-3xl px-4 pt-8 pb-4">
        <h1 className="text-2xl font-bold text-indigo-900 sm:text-3xl">{t("common.nav.contact")}</h1>
        <h2 id="contact-question" className="mt-3 text-lg font-semibold text-slate-800">
          {t("contact.question")}
        </h2>
        <ul aria-labelledby="contact-question" className="mt-5 grid gap-4 sm:grid-cols-2">
          <li>
            <a
              href={SOCIAL_LINKS.whatsapp.href}
              rel="noopener noreferrer"
              target="_blank"
              className={cardClass}
              data-testid="contact-card"
            >
              <CardIcon icon="chat" className="bg-green-100 text-green-800" />
              <span className="min-w-0">
                <span className="block text-lg font-bold text-slate-900">{t("contact.chat")}</span>
                <span className="block truncate text-sm text-slate-600">
                  {t("contact.onWhatsApp")}
                  <span className="sr-only"> {t("common.newTab")}</span>
                </span>
              </span>
            </a>
          </li>
          <li>
            <a
              href={mailtoHref(supportEmail, MAIL_SUBJECT, MAIL_BODY)}
              className={cardClass}
              data-testid="contact-card"
            >
              <CardIcon icon="mail" className="bg-indigo-100 text-indigo-800" />
              <span className="min-w-0">
                <span className="block text-lg font-bold text-slate-900">{t("contact.write")}</span>
                <span className="block truncate text-sm text-slate-600">{supportEmail}</span>
              </span>
            </a>
          </li>
        </ul>
        <p className="mt-6 text-slate-700">{t("contact.note")}</p>
      </div>
    </>
  );
}
