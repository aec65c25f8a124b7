import { data, isRouteErrorResponse, NavLink, Outlet, useRouteError } from "react-router";
import { openReportCount } from "../../../server/reports/reports.server.ts";
import { adminPage, NO_STORE } from "../../admin/admin.server";
import { adminMeta } from "../../admin/ui";
import { adminMiddleware } from "../../requests/middleware.server";
import { orUnavailable } from "../../requests/unavailable.server";
import { ErrorBoundary as SiteErrorBoundary } from "../../root";
import type { Route as NotFoundRoute } from "../+types/not-found";
import NotFound, { meta as notFoundMeta } from "../not-found";
import type { Route } from "./+types/layout";

// Server only (React Router leaves `middleware` out of the browser's build): the console's guard, before any of
// its loaders and actions (decision 021).
export const middleware: Route.MiddlewareFunction[] = [adminMiddleware];

/** The console's frame: who is signed in, its sections, and the open problem reports as a count. */
export async function loader({ context }: Route.LoaderArgs) {
  const { admin, services } = adminPage(context);
  const openReports = await orUnavailable(() => openReportCount(services));
  return data({ admin: { name: admin.name, email: admin.email }, openReports }, { headers: NO_STORE });
}

/**
 * An admin's pages are never stored (the loader says so); anyone else's 404 comes from the middleware, before
 * any loader, with the same headers as any other 404 page.
 */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/**
 * Anyone but an admin sees the root's boundary with exactly the site's 404 page (the middleware's refusal). An
 * admin at a console address that names nothing (an unknown paper) sees the same 404 page.
 */
export function meta(args: Route.MetaArgs) {
  if (isNotFound(args.error)) return notFoundMeta(args as unknown as NotFoundRoute.MetaArgs);
  return adminMeta("Admin");
}

const isNotFound = (error: unknown) => isRouteErrorResponse(error) && error.status === 404;

export function ErrorBoundary() {
  return isNotFound(useRouteError()) ? <NotFound /> : <SiteErrorBoundary />;
}

const SECTIONS = [
  { to: "/admin", label: "Catalogue", end: true },
  { to: "/admin/upload", label: "Upload", end: false },
  { to: "/admin/reports", label: "Reports", end: false },
  { to: "/admin/year-notes", label: "Year notes", end: false },
  { to: "/admin/audit", label: "Audit log", end: false },
  { to: "/admin/accounts", label: "Accounts", end: false },
] as const;

const sectionClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex items-center gap-1.5 rounded-md px-3 py-2 text-sm font-semibold hover:bg-indigo-100 ${
    isActive ? "bg-white text-indigo-900 shadow-sm" : "text-indigo-900"
  }`;

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { admin, openReports } = loaderData;
  return (
    <div className="pb-10">
      <div className="border-b border-indigo-200 bg-indigo-50">
        <div className="mx-auto max-w-6xl px-4 py-2">
          <p className="text-sm text-slate-700">
            <span className="font-semibold text-indigo-900">PaperStation admin</span>
            <span aria-hidden="true"> · </span>
            <span className="break-all">Signed in as {admin.name}</span>
          </p>
          <nav aria-label="Admin sections" className="mt-1">
            <ul className="flex flex-wrap gap-1">
              {SECTIONS.map((section) => (
                <li key={section.to}>
                  <NavLink to={section.to} end={section.end} className={sectionClass}>
                    {section.label}
                    {section.to === "/admin/reports" && openReports > 0 ? (
                      <>
                        {" "}
                        <span className="rounded-full bg-amber-500 px-2 text-xs font-bold text-slate-900">
                          {openReports}
                          <span className="sr-only"> open</span>
                        </span>
                      </>
                    ) : null}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
      <div className="mx-auto max-w-6xl px-4 pt-6">
        <Outlet />
      </div>
    </div>
  );
}
