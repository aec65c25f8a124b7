/**
 * The admin console's guard for page loaders and actions (issue 15). Every loader and action of
 * app/routes/admin/* calls it on the server, not only the layout: a child route's data can be fetched on its
 * own (single fetches, form posts), so a check in the layout alone would not protect it.
 * Anyone but an admin gets the site's ordinary 404 page, never a hint that the console exists.
 */
import { data, type RouterContextProvider } from "react-router";
import { type AdminUser, getAdmin } from "../../server/admin/auth.server.ts";
import { checkAdminRateLimit } from "../../server/admin/catalogue.server.ts";
import type { Services } from "../../server/services.server.ts";
import { expressRequestContext, servicesContext } from "../context";
import { formRefusal } from "./refusal.server";
import { orUnavailable } from "./unavailable.server";

type Context = Readonly<RouterContextProvider>;

export interface AdminPage {
  admin: AdminUser;
  services: Services;
}

/**
 * The signed-in admin and the services; anyone else gets the 404 page. Every console loader and action calls
 * it (a child route's data can be fetched on its own). Not a middleware of the console's layout: a middleware
 * that throws stops every loader of the request, the root's too, and the 404 page would then have no
 * messages (decision 021).
 */
export async function adminPage(context: Context): Promise<AdminPage> {
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
  const page = await adminPage(context);
  try {
    return await orUnavailable(async () => {
      await checkAdminRateLimit(page.services, page.admin);
      return data(await change(page));
    });
  } catch (error) {
    return formRefusal(
      error,
      (refusal): Extract<AdminActionResult, { ok: false }> => ({
        ok: false,
        intent,
        message: refusal.message,
        errors: refusal.errors ?? {},
      }),
    );
  }
}

/** The console's pages must never be kept by a browser or a shared cache. */
export const NO_STORE = { "Cache-Control": "no-store" } as const;
