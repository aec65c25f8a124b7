import { Link } from "react-router";
import { SITE, SOCIAL_LINKS } from "../../domain/site.ts";
import { footerLabel, SUBJECTS, subjectPath } from "../../domain/subjects.ts";

const columns = [SUBJECTS.slice(0, 6), SUBJECTS.slice(6, 12)];

function FooterHeading({ children }: { children: string }) {
  return <h2 className="mb-2 text-sm font-bold tracking-wide text-white uppercase">{children}</h2>;
}

const SITE_LINKS = [
  {
    heading: "Company",
    links: [
      { to: "/about-us", label: "About Us" },
      { to: "/blogs", label: "Blogs" },
    ],
  },
  {
    heading: "Support",
    links: [
      { to: "/contact-us", label: "Contact Us" },
      { to: "/terms-&-conditions", label: "Terms and Conditions" },
      { to: "/privacy-&-policy", label: "Privacy Policy" },
    ],
  },
];

const footerLink = "inline-block py-1 text-slate-300 hover:text-white hover:underline";

export function SiteFooter() {
  return (
    <footer className="mt-12 bg-slate-900 text-sm text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <section className="sm:col-span-2" aria-labelledby="footer-papers">
          <h2 id="footer-papers" className="mb-2 text-sm font-bold tracking-wide text-white uppercase">
            Question papers
          </h2>
          <div className="grid grid-cols-2 gap-x-4">
            {columns.map((column) => (
              <ul key={column[0]?.key}>
                {column.map((subject) => (
                  <li key={subject.key}>
                    <Link to={subjectPath(subject)} className={footerLink}>
                      {footerLabel(subject)}
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
              <FooterHeading>{group.heading}</FooterHeading>
              <ul>
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className={footerLink}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
        <section>
          <FooterHeading>Follow us</FooterHeading>
          <ul>
            {Object.values(SOCIAL_LINKS).map((link) => (
              <li key={link.href}>
                <a href={link.href} className={footerLink} rel="noopener noreferrer" target="_blank">
                  {link.label}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="border-t border-slate-800 px-4 py-4 text-center text-slate-400">
        © {new Date().getFullYear()} {SITE.name}. Free for every SSC student. Not affiliated with the Maharashtra State
        Board.
      </p>
    </footer>
  );
}
