import { redirect } from "react-router";
import { localeFromPath, localizePath } from "../../domain/i18n.ts";
import { signOutAction } from "../auth/auth-action.server";
import type { Route } from "./+types/logout";

/** Signing out is a POST (the header's Logout form); a visit to /logout just goes home. */
export function loader({ url }: Route.LoaderArgs) {
  return redirect(localizePath("/", localeFromPath(url.pathname)));
}

export function action({ context, url }: Route.ActionArgs) {
  return signOutAction(context, url);
}
