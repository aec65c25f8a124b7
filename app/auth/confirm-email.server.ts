/**
 * The new email's confirmation page (issue 26): `/confirm-email?token=…` shows a button, and the button's post
 * changes the email. Not on the link's GET: mail scanners open links, and must not change an account.
 */
import { data, type RouterContextProvider } from "react-router";
import { formField } from "../../domain/form-data.ts";
import { localeFromPath } from "../../domain/i18n.ts";
import { confirmEmailChange, emailChangeLinkWorks } from "../../server/auth/contact-change.server.ts";
import { servicesContext } from "../context";
import { orUnavailable } from "../requests/unavailable.server";

type Context = Readonly<RouterContextProvider>;

export async function confirmEmailLoader(context: Context, url: URL) {
  const token = url.searchParams.get("token") ?? "";
  const works = await orUnavailable(() => emailChangeLinkWorks(context.get(servicesContext), token));
  return { token: works ? token : null };
}

export async function confirmEmailAction(context: Context, request: Request, url: URL) {
  const form = await request.formData();
  const outcome = await orUnavailable(() =>
    confirmEmailChange(context.get(servicesContext), formField(form, "token"), localeFromPath(url.pathname)),
  );
  return data({ outcome }, { status: outcome === "changed" ? 200 : outcome === "taken" ? 409 : 400 });
}
