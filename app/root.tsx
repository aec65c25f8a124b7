import { type ReactNode, useEffect } from "react";
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
  useRouteError,
} from "react-router";
import { SITE } from "../domain/site.ts";
import type { Route } from "./+types/root";
import "./app.css";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { getRootData } from "./lib/root.server";
import { useRootData } from "./lib/root-data";
import { reportWebVitals } from "./lib/vitals.client";

export async function loader({ context }: Route.LoaderArgs) {
  return getRootData(context);
}

/**
 * The root's data (who is signed in, the site URL) changes on sign-in and sign-out, which
 * revalidate explicitly, not on navigation: skipping it saves a request per tap on mobile data.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  return false;
}

export function meta({ error }: Route.MetaArgs) {
  if (error) return [{ title: `Something went wrong | ${SITE.name}` }];
  return [{ title: SITE.defaultTitle }, { name: "description", content: SITE.defaultDescription }];
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export function Layout({ children }: { children: ReactNode }) {
  const { user } = useRootData();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Spec §1: pages tell the browser not to cache; the server sends the matching header. */}
        <meta httpEquiv="Cache-Control" content="no-cache, no-store, must-revalidate" />
        <meta httpEquiv="Pragma" content="no-cache" />
        <meta httpEquiv="Expires" content="0" />
        <meta name="theme-color" content="#3730a3" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-slate-50 font-sans text-slate-900 antialiased">
        <a
          href="#main"
          className="sr-only z-50 rounded bg-white px-4 py-2 font-semibold focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        <SiteHeader user={user} />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const matches = useMatches();
  useEffect(() => reportWebVitals(matches), [matches]);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 404) return <ErrorPanel title="Page not found" message="We could not find that page." />;
  if (status === 503) {
    return (
      <ErrorPanel
        title="We will be back in a moment"
        message="PaperStation is briefly unavailable, often because many students are studying at once. Your account and papers are safe. Please try again in a minute."
      >
        <RetryButton />
      </ErrorPanel>
    );
  }
  return (
    <ErrorPanel
      title="Something went wrong"
      message="Sorry, this page failed to load. Please try again in a moment. If it keeps happening, tell us through Contact Us."
    >
      <RetryButton />
    </ErrorPanel>
  );
}

/** A full reload: the root's own data may be what failed, so a revalidation is not enough. */
function RetryButton() {
  const location = useLocation();
  return (
    <p className="mt-6">
      <Link
        to={location.pathname + location.search}
        reloadDocument
        className="inline-block rounded-lg bg-amber-500 px-5 py-2 font-semibold text-slate-900 hover:bg-amber-400"
      >
        Try again
      </Link>
    </p>
  );
}

export function ErrorPanel({ title, message, children }: { title: string; message: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-indigo-900">{title}</h1>
      <p className="mt-3 text-slate-700">{message}</p>
      {children}
      <p className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to="/" className="rounded-lg bg-indigo-700 px-5 py-2 font-semibold text-white hover:bg-indigo-800">
          Go to the home page
        </Link>
        <a
          href="#footer-papers"
          className="rounded-lg border border-indigo-700 px-5 py-2 font-semibold text-indigo-800"
        >
          Browse subjects
        </a>
      </p>
    </div>
  );
}
