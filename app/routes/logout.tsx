import { redirect } from "react-router";
import { signOutAction } from "../lib/auth-action.server";
import type { Route } from "./+types/logout";

/** Signing out is a POST (the header's Logout form); a visit to /logout just goes home. */
export function loader() {
  return redirect("/");
}

export function action({ context }: Route.ActionArgs) {
  return signOutAction(context);
}
