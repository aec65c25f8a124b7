import { SOCIAL_LINKS } from "../../domain/site.ts";
import { Breadcrumbs } from "../components/breadcrumbs";
import { servicesContext } from "../context";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/contact";

export const MAIL_SUBJECT = "PaperStation: question or feedback";
export const MAIL_BODY = [
  "Hello PaperStation team,",
  "",
  "I am writing about (a paper, my account, a mistake on the site, or something else):",
  "",
  "Subject, year and medium (if it is about a paper):",
  "",
  "Thank you.",
].join("\n");

/** RFC 6068 mailto: with a preset subject and body, each percent-encoded (spaces as %20, not +). */
export function mailtoHref(email: string, subject: string, body: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

export function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(servicesContext);
  return { supportEmail: config.supportEmail };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Contact Us",
    description:
      "Contact the PaperStation team: chat with us on WhatsApp or write to us by e-mail about papers, your account or the site.",
    path: "/contact-us",
    matches,
  });
}

const cardClass =
  "flex h-[95px] items-center gap-4 overflow-hidden rounded-2xl border border-slate-200 bg-white px-4 shadow-sm hover:border-indigo-400 hover:bg-indigo-50";

function CardIcon({ children, className }: { children: string; className: string }) {
  return (
    <span
      aria-hidden="true"
      className={`flex size-12 shrink-0 items-center justify-center rounded-full text-2xl ${className}`}
    >
      {children}
    </span>
  );
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { supportEmail } = loaderData;
  return (
    <>
      <Breadcrumbs label="Contact Us" path="/contact-us" />
      <div className="mx-auto max-w-3xl px-4 pt-8 pb-4">
        <h1 className="text-2xl font-bold text-indigo-900 sm:text-3xl">Contact Us</h1>
        <h2 id="contact-question" className="mt-3 text-lg font-semibold text-slate-800">
          How would you like to contact us ?
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
              <CardIcon className="bg-green-100 text-green-800">💬</CardIcon>
              <span className="min-w-0">
                <span className="block text-lg font-bold text-slate-900">Chat with us</span>
                <span className="block truncate text-sm text-slate-600">
                  On WhatsApp<span className="sr-only"> (opens in a new tab)</span>
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
              <CardIcon className="bg-indigo-100 text-indigo-800">✉</CardIcon>
              <span className="min-w-0">
                <span className="block text-lg font-bold text-slate-900">Write to us</span>
                <span className="block truncate text-sm text-slate-600">{supportEmail}</span>
              </span>
            </a>
          </li>
        </ul>
        <p className="mt-6 text-slate-700">
          If your message is about a paper, tell us the subject, year and medium. Please never send us your password.
        </p>
      </div>
    </>
  );
}
