/** Helpers for the admin console's tests: an admin's session, and multipart uploads as a browser sends them. */

import { setUpAdmin } from "../../server/admin/admins.server.ts";
import type { AdminUser } from "../../server/admin/auth.server.ts";
import { api, type JsonResponse, newAccount } from "./http.ts";
import type { TestServer } from "./server.ts";

/** A new account, signed up through the API and then made an admin as `npm run admin:create` does. */
export async function signUpAdmin(server: TestServer): Promise<{ cookie: string; admin: AdminUser }> {
  const account = newAccount({ name: "Console Admin" });
  const signup = await api(server.url, "/api/v1/signup", { json: account });
  if (signup.status !== 201 || !signup.cookie) throw new Error(`sign-up failed: ${signup.status}`);
  const outcome = await setUpAdmin(server.services, { email: account.email }, async () => "");
  if (!outcome.ok) throw new Error(outcome.message);
  return { cookie: signup.cookie, admin: { id: outcome.userId, name: account.name, email: account.email } };
}

/** A signed-up student's Cookie header. */
export async function signUpStudent(server: TestServer): Promise<string> {
  const signup = await api(server.url, "/api/v1/signup", { json: newAccount() });
  if (!signup.cookie) throw new Error(`sign-up failed: ${signup.status}`);
  return signup.cookie;
}

/** The site's own origin, which the console's uploads must carry. */
export function siteOrigin(server: TestServer): string {
  return new URL(server.services.config.siteUrl).origin;
}

/**
 * A multipart POST (fields first, then files, as the console's form sends them). `origin: null` sends
 * none; by default the site's own.
 */
export async function postMultipart(
  server: TestServer,
  path: string,
  parts: { fields?: Record<string, string>; files?: Record<string, Uint8Array> },
  options: { cookie?: string | null; origin?: string | null } = {},
): Promise<JsonResponse> {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts.fields ?? {})) form.append(name, value);
  for (const [name, bytes] of Object.entries(parts.files ?? {})) {
    form.append(name, new Blob([bytes as Uint8Array<ArrayBuffer>], { type: "application/pdf" }), `${name}.pdf`);
  }
  const headers: Record<string, string> = { Accept: "application/json" };
  if (options.cookie) headers.Cookie = options.cookie;
  const origin = options.origin === undefined ? siteOrigin(server) : options.origin;
  if (origin !== null) headers.Origin = origin;
  const res = await fetch(`${server.url}${path}`, { method: "POST", body: form, headers });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: text ? JSON.parse(text) : null,
    cookie: null,
    setCookie: res.headers.getSetCookie(),
  };
}
