/**
 * The admin console's loaders' and actions' helpers (issue 15). The guard itself is the console layout's
 * middleware (`adminMiddleware`, app/requests/middleware.server.ts), which runs before any of them.
 */
import { data, type RouterContextProvider } from "react-router";
import type { AdminUser } from "../../server/admin/auth.server.ts";
import { checkAdminRateLimit } from "../../server/admin/catalogue.server.ts";
import type { Services } from "../../server/services.server.ts";
import { adminContext, servicesContext } from "../context";
import { formRefusal } from "../requests/refusal.server";
import { orUnavailable } from "../requests/unavailable.server";

type Context = Readonly<RouterContextProvider>;

export interface AdminPage {
  admin: AdminUser;
  services: Services;
}

/**
 * The signed-in admin (checked by the console layout's middleware) and the services. Outside the console's
 * routes there is no admin in the context, and this throws.
 */
export function adminPage(context: Context): AdminPage {
  return { admin: context.get(adminContext), services: context.get(servicesContext) };
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
  const page = adminPage(context);
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
