/**
 * The admin console's guard for page loaders and actions (issue 15). Every loader and action of
 * app/routes/admin/* calls it on the server, not only the layout: a child route's data can be fetched on its
 * own (`?_data`-style single fetches, form posts), so a check in the layout alone would not protect it.
 * Anyone but an admin gets the site's ordinary 404 page, never a hint that the console exists.
 */
import { data, type RouterContextProvider } from "react-router";
import { type AdminUser, getAdmin } from "../../server/admin/auth.server.ts";
import { checkAdminRateLimit } from "../../server/admin/catalogue.server.ts";
import { HttpError } from "../../server/http/respond.server.ts";
import type { Services } from "../../server/services.server.ts";
import { expressRequestContext, servicesContext } from "../context";
import { orUnavailable } from "./unavailable.server";

type Context = Readonly<RouterContextProvider>;

export interface AdminPage {
  admin: AdminUser;
  services: Services;
}

/** The signed-in admin and the services; anyone else gets the 404 page. */
export async function requireAdminPage(context: Context): Promise<AdminPage> {
  const admin = await orUnavailable(() => getAdmin(context.get(expressRequestContext)));
  if (!admin) throw data(null, { status: 404 });
  return { admin, services: context.get(servicesContext) };
}

/** What a console form action answers: shown inline by the page (AdminNotice), field messages beside their fields. */
export type AdminActionResult =
  | { ok: true; intent: string; message: string }
  | { ok: false; intent: string; message: string; errors?: Record<string, string> };

/**
 * A console form action: the admin check, then the admin rate limit (as every mutating API call), then the
 * change. An HttpError from the server functions (404, 409, 429 …) becomes the page's inline message with its
 * status and headers (Retry-After), never a 500; a database outage becomes the 503 page.
 */
export async function adminAction<T extends AdminActionResult>(
  context: Context,
  intent: string,
  change: (page: AdminPage) => Promise<T>,
) {
  const page = await requireAdminPage(context);
  try {
    return await orUnavailable(async () => {
      await checkAdminRateLimit(page.services, page.admin);
      return data(await change(page));
    });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const result: AdminActionResult = { ok: false, intent, message: error.message, errors: error.errors ?? {} };
    return data(result, { status: error.status, headers: error.headers });
  }
}

/** A form field as a string ("" when missing or a file). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** The console's pages must never be kept by a browser or a shared cache. */
export const NO_STORE = { "Cache-Control": "no-store" } as const;
