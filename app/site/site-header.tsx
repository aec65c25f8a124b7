import { useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { SITE } from "../../domain/site.ts";
import { useLocale, useT } from "./i18n";
import { LanguageSwitch } from "./language-switch";
import { Logo } from "./logo";
import { LogoutButton } from "./logout-button";
import type { RootData } from "./meta";
import { SearchBox } from "./search-box";

const NAV = [
  { to: "/about-us", label: "common.nav.about" },
  { to: "/blogs", label: "common.nav.blogs" },
  { to: "/contact-us", label: "common.nav.contact" },
] as const;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 font-medium hover:bg-indigo-50 hover:text-indigo-800 ${
    isActive ? "text-indigo-800 underline underline-offset-4" : "text-slate-700"
  }`;

/**
 * The header. On a phone the menu is a `<details>` disclosure, so it opens without JavaScript too;
 * with JavaScript it also closes on navigation and with Esc. From md up the same links show inline.
 * The search box is inline from lg up; below that a search button opens it under the header, like the menu
 * (the two disclosures share a `name`, so only one is open at a time).
 */
export function SiteHeader({ user }: { user: RootData["user"] }) {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLElement>(null);
  const location = useLocation();
  const t = useT();
  const { path } = useLocale();

  // A tap on a link navigates; the menu should not stay open over the new page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing on every navigation is the point
  useEffect(() => setOpen(false), [location.key]);

  // Escape closes the menu. The listener reads the element, not React's state: a student on a slow phone may
  // open the menu before the page has hydrated, and then the state still says closed while the menu is open.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const menu = toggleRef.current?.parentElement as HTMLDetailsElement | undefined;
      if (event.key === "Escape" && menu?.open) {
        menu.open = false; // its toggle event brings the state along
        toggleRef.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-1.5 px-4 py-2 sm:gap-2">
        <Link
          to={path("/")}
          className="flex items-center gap-2 rounded-md py-1 text-indigo-900"
          aria-label={t("common.nav.homeLabel", { site: SITE.name })}
        >
          <Logo />
          <span className="text-lg font-bold tracking-tight">{SITE.name}</span>
        </Link>
        <div className="hidden lg:ml-4 lg:block lg:w-72">
          <SearchBox />
        </div>
        <div className="ml-auto md:order-last">
          <LanguageSwitch />
        </div>
        <details
          name="site-header"
          className="md:order-last lg:hidden"
          onToggle={(event) => event.currentTarget.open && event.currentTarget.querySelector("input")?.focus()}
        >
          <summary
            aria-label={t("common.search.label")}
            className="grid h-[38px] w-9 cursor-pointer list-none place-items-center rounded-md border border-slate-300 text-indigo-800 [&::-webkit-details-marker]:hidden"
          >
            <span className="ps-search-icon" />
          </summary>
          <div className="absolute inset-x-0 top-full border-b border-slate-200 bg-white px-4 py-3 shadow-md">
            <SearchBox />
          </div>
        </details>
        <details
          name="site-header"
          className="md:hidden"
          open={open}
          onToggle={(event) => setOpen(event.currentTarget.open)}
        >
          <summary
            ref={toggleRef}
            className="flex h-[38px] min-w-9 cursor-pointer list-none items-center justify-center gap-1 rounded-md border border-slate-300 text-sm font-semibold text-slate-800 sm:px-3 [&::-webkit-details-marker]:hidden"
          >
            <span aria-hidden="true">{open ? "✕" : "☰"}</span>
            {/* On a phone the icon alone, so that the search button fits beside it. */}
            <span className="sr-only sm:not-sr-only">{t("common.nav.menu")}</span>
            {/* The reviews due today show on the closed menu too: on a phone the header's link is inside it. */}
            {/* A sighted student's hint only: the menu's own link says "N reviews due" to everyone. At most 20, in
                Latin digits in both languages (domain/i18n.ts's INTL_LOCALE): no formatter needed. */}
            {user?.due ? (
              <span aria-hidden="true" className="rounded-full bg-amber-800 px-1.5 text-xs font-bold text-white">
                {user.due}
              </span>
            ) : null}
          </summary>
          <nav
            aria-label={t("common.nav.main")}
            className="absolute inset-x-0 top-full border-b border-slate-200 bg-white px-4 pb-3 shadow-md"
          >
            <NavLinks user={user} />
          </nav>
        </details>
        <nav aria-label={t("common.nav.main")} className="hidden md:ml-auto md:block">
          <NavLinks user={user} />
        </nav>
      </div>
    </header>
  );
}

function NavLinks({ user }: { user: RootData["user"] }) {
  const t = useT();
  const { path } = useLocale();
  return (
    <ul className="flex flex-col gap-1 md:flex-row md:items-center">
      {NAV.map((item) => (
        <li key={item.to}>
          <NavLink to={path(item.to)} className={linkClass} prefetch="intent">
            {t(item.label)}
          </NavLink>
        </li>
      ))}
      {user ? (
        <li>
          <NavLink to={path("/progress")} className={linkClass} prefetch="intent">
            {t("common.nav.progress")}
          </NavLink>
        </li>
      ) : null}
      {user?.due ? (
        <li>
          <NavLink to={path("/review")} className={linkClass}>
            {t("common.nav.due", { count: user.due })}
          </NavLink>
        </li>
      ) : null}
      <li>
        {user ? (
          <LogoutButton />
        ) : (
          <NavLink
            to={path("/login")}
            className="mt-1 block rounded-md bg-indigo-700 px-4 py-2 text-center font-semibold text-white hover:bg-indigo-800 md:mt-0 md:ml-2"
          >
            {t("common.nav.login")}
          </NavLink>
        )}
      </li>
    </ul>
  );
}
