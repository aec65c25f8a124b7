import { type ReactNode, useEffect, useRef } from "react";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useMatches,
  useNavigate,
  useRouteError,
} from "react-router";
import { SITE } from "../domain/site.ts";
import type { Route } from "./+types/root";
import "./app.css";
import { ageMiddleware, outageMiddleware, sessionMiddleware } from "./requests/middleware.server";
import { getRootData } from "./requests/root.server";
import { DevanagariFont } from "./site/devanagari-font";
import {
  CatalogScript,
  ensureCatalog,
  I18nProvider,
  i18nFor,
  i18nFrom,
  messagesOf,
  useLocale,
  useT,
} from "./site/i18n";
import { LanguageOffer } from "./site/language-offer";
import { useRootData } from "./site/root-data";
import { SiteFooter } from "./site/site-footer";
import { SiteHeader } from "./site/site-header";

// Server only (React Router leaves `middleware` out of the browser's build): see app/requests/middleware.server.ts.
export const middleware: Route.MiddlewareFunction[] = [outageMiddleware, sessionMiddleware, ageMiddleware];

export async function loader({ context, request, url }: Route.LoaderArgs) {
  return getRootData(context, request, url);
}

/** A navigation to a page that needs other messages fetches them before it renders. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  await ensureCatalog(data.catalog);
  return data;
}

/**
 * The root's data (who is signed in, the site URL, the page's catalog key) changes on sign-in and sign-out,
 * which revalidate explicitly, and with the page: another page may need other message namespaces
 * (app/pages.ts), and the root's data is small; the catalog itself is fetched only when its key changes. Not
 * when only the query changes (the medium switch, the viewer's `?paper=`): that is the same page.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname !== nextUrl.pathname) return true;
  if (formMethod || currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  return false;
}

export function meta({ error, matches }: Route.MetaArgs) {
  const { _: t } = i18nFrom(matches, error);
  // Any 404 is the site's 404 page, titled as the not-found route titles it (the console refused to anyone but
  // an admin must look exactly like it).
  if (isRouteErrorResponse(error) && error.status === 404) {
    return [{ title: t("common.notFound.metaTitle", { site: SITE.name }) }, { name: "robots", content: "noindex" }];
  }
  if (error) return [{ title: `${t("common.error.title")} | ${SITE.name}` }];
  return [
    { title: t("common.site.defaultTitle") },
    { name: "description", content: t("common.site.defaultDescription") },
  ];
}

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: ReactNode }) {
  const { locale, catalog } = useRootData();
  return (
    <I18nProvider i18n={i18nFor(locale, messagesOf(catalog))}>
      <Document>{children}</Document>
    </I18nProvider>
  );
}

function Document({ children }: { children: ReactNode }) {
  const { user, locale, fontUrl, offerMarathi, catalog } = useRootData();
  const t = useT();
  const matches = useMatches();
  // Marathi pages, English pages whose content is in Devanagari (Hindi, Marathi and Sanskrit papers), and the
  // one page view that offers Marathi to a Marathi-medium visitor.
  const devanagari =
    locale === "mr" ||
    offerMarathi !== null ||
    matches.some((m) => (m.loaderData as { devanagari?: boolean } | undefined)?.devanagari);
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Spec §1: pages tell the browser not to cache; the server sends the matching header. */}
        <meta httpEquiv="Cache-Control" content="no-cache, no-store, must-revalidate" />
        <meta httpEquiv="Pragma" content="no-cache" />
        <meta httpEquiv="Expires" content="0" />
        <meta name="theme-color" content="#3730a3" />
        {/* The installed app's name and start page in the page's language (decision 016). */}
        <link rel="manifest" href={locale === "mr" ? "/mr/manifest.webmanifest" : "/manifest.webmanifest"} />
        <Meta />
        <Links />
        {devanagari && fontUrl ? <DevanagariFont url={fontUrl} /> : null}
      </head>
      <body className="flex min-h-screen flex-col bg-slate-50 font-sans text-slate-900 antialiased">
        <a
          href="#main"
          className="sr-only z-50 rounded bg-white px-4 py-2 font-semibold focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          {t("common.skipToContent")}
        </a>
        <SiteHeader user={user} />
        <LanguageOffer />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter />
        <CatalogScript catalog={catalog} />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const matches = useMatches();
  const { unavailable, user } = useRootData();
  const navigate = useNavigate();
  // The measuring code (web-vitals), the service worker's registration (decision 016) and the search boxes'
  // suggestions load after the page's load event: outside the page's first load, never delaying the first paint.
  const current = useRef(matches);
  current.current = matches;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each navigation reports its route (read through the ref)
  useEffect(() => {
    const report = () =>
      void import("./after-load/after-load.client")
        .then((m) => m.afterLoad(current.current, user?.id ?? null, navigate))
        .catch(() => {});
    // After the load event has finished, not during it: the page's first load is over by then.
    const later = () => setTimeout(report, 0);
    if (document.readyState === "complete") report();
    else window.addEventListener("load", later, { once: true });
    return () => window.removeEventListener("load", later);
  }, [matches]);
  return unavailable ? <UnavailablePanel /> : <Outlet />;
}

function UnavailablePanel() {
  return (
    <ErrorPanel name="unavailable">
      <RetryButton />
    </ErrorPanel>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 404) return <ErrorPanel name="notFound" />;
  if (status === 503) return <UnavailablePanel />;
  // A form sent or a page asked for without a connection (Start a practice offline): say so (issue 23).
  const offline = globalThis.navigator?.onLine === false;
  return <ErrorPanel name={offline ? "noNetwork" : "error"}>{offline ? null : <RetryButton />}</ErrorPanel>;
}

/** A full reload: the root's own data may be what failed, so a revalidation is not enough. */
function RetryButton() {
  const location = useLocation();
  const t = useT();
  return (
    <p className="mt-6">
      <Link
        to={location.pathname + location.search}
        reloadDocument
        className="inline-block rounded-lg bg-amber-500 px-5 py-2 font-semibold text-slate-900 hover:bg-amber-400"
      >
        {t("common.error.retry")}
      </Link>
    </p>
  );
}

/** A whole-page message: the title and message `common.<name>.title` and `.message` of the catalog. */
export function ErrorPanel({
  name,
  message,
  children,
}: {
  name: "error" | "unavailable" | "notFound" | "noNetwork";
  message?: string;
  children?: ReactNode;
}) {
  const t = useT();
  const { path } = useLocale();
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-indigo-900">{t(`common.${name}.title`)}</h1>
      <p className="mt-3 text-slate-700">{message ?? t(`common.${name}.message`)}</p>
      {children}
      <p className="mt-6 flex flex-wrap justify-center gap-3">
        <Link
          to={path("/")}
          className="rounded-lg bg-indigo-700 px-5 py-2 font-semibold text-white hover:bg-indigo-800"
        >
          {t("common.error.home")}
        </Link>
        <a
          href="#footer-papers"
          className="rounded-lg border border-indigo-700 px-5 py-2 font-semibold text-indigo-800"
        >
          {t("common.error.browseSubjects")}
        </a>
      </p>
    </div>
  );
}
