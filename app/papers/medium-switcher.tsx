import { Link } from "react-router";
import { MEDIUMS, type Medium } from "../../domain/catalog.ts";
import { useT } from "../site/i18n";
import { rememberMedium } from "../site/medium";

/**
 * Medium choice on a subject page. Plain links (`?medium=…`) so it works without JavaScript;
 * a tap also remembers the medium in storage and the cookie.
 */
export function MediumSwitcher({ current }: { current: Medium }) {
  const t = useT();
  return (
    <nav aria-label={t("common.medium.label")} className="mt-4">
      <p className="mb-2 text-sm font-semibold text-slate-700" aria-hidden="true">
        {t("common.medium.label")}
      </p>
      <ul className="flex flex-wrap gap-2">
        {MEDIUMS.map((medium) => {
          const active = medium === current;
          return (
            <li key={medium}>
              <Link
                to={`?medium=${medium}`}
                preventScrollReset
                aria-current={active ? "true" : undefined}
                onClick={() => rememberMedium(medium)}
                className={`inline-block rounded-full border px-4 py-2 text-sm font-semibold ${
                  active
                    ? "border-indigo-800 bg-indigo-800 text-white"
                    : "border-slate-300 bg-white text-slate-800 hover:border-indigo-700 hover:text-indigo-800"
                }`}
              >
                {t(`common.medium.${medium}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
