import { Link } from "react-router";
import { SITE, SOCIAL_LINKS } from "../../domain/site.ts";
import { SUBJECTS, subjectPath } from "../../domain/subjects.ts";
import { useLocale, useT } from "./i18n";
import { useSubjectName } from "./subject-name";

const columns = [SUBJECTS.slice(0, 6), SUBJECTS.slice(6, 12)];

function FooterHeading({ children }: { children: string }) {
  return <h2 className="mb-2 text-sm font-bold tracking-wide text-white uppercase">{children}</h2>;
}

const SITE_LINKS = [
  {
    heading: "common.footer.company",
    links: [
      { to: "/about-us", label: "common.nav.about" },
      { to: "/blogs", label: "common.nav.blogs" },
    ],
  },
  {
    heading: "common.footer.support",
    links: [
      { to: "/contact-us", label: "common.nav.contact" },
      { to: "/terms-&-conditions", label: "common.footer.terms" },
      { to: "/privacy-&-policy", label: "common.footer.privacy" },
    ],
  },
];

const footerLink = "inline-block py-1 text-slate-300 hover:text-white hover:underline";

export function SiteFooter() {
  const t = useT();
  const { path } = useLocale();
  const subjectName = useSubjectName();
  return (
    <footer className="mt-12 bg-slate-900 text-sm text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <section className="sm:col-span-2" aria-labelledby="footer-papers">
          <h2 id="footer-papers" className="mb-2 text-sm font-bold tracking-wide text-white uppercase">
            {t("common.footer.papers")}
          </h2>
          <div className="grid grid-cols-2 gap-x-4">
            {columns.map((column) => (
              <ul key={column[0]?.key}>
                {column.map((subject) => (
                  <li key={subject.key}>
                    <Link to={path(subjectPath(subject))} className={footerLink}>
                      {subjectName(subject, "footer")}
                    </Link>
                  </li>
                ))}
              </ul>
            ))}
          </div>
        </section>
        <div className="grid grid-cols-2 gap-4 sm:col-span-2 lg:col-span-1 lg:grid-cols-1">
          {SITE_LINKS.map((group) => (
            <section key={group.heading}>
              <FooterHeading>{t(group.heading)}</FooterHeading>
              <ul>
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link to={path(link.to)} className={footerLink}>
                      {t(link.label)}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
        <section>
          <FooterHeading>{t("common.footer.follow")}</FooterHeading>
          <ul>
            {Object.values(SOCIAL_LINKS).map((link) => (
              <li key={link.href}>
                <a href={link.href} className={footerLink} rel="noopener noreferrer" target="_blank">
                  {t(link.label)}
                  <span className="sr-only"> {t("common.newTab")}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="border-t border-slate-800 px-4 py-4 text-center text-slate-400">
        {t("common.footer.copyright", { year: new Date().getFullYear(), site: SITE.name })}
      </p>
    </footer>
  );
}
