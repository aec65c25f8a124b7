import { useRouteError, useRouteLoaderData } from "react-router";
import { type RootData, refusedRootData } from "./meta";

/**
 * Root loader data; when the root's loader did not run because a middleware refused the page (the console's
 * 404), the refusal's copy of it; the defaults only when the root loader itself failed.
 */
export function useRootData(): RootData {
  const loaded = useRouteLoaderData("root") as RootData | undefined;
  // Called on every render (a hook); only the root's boundary and layout ever see a refusal.
  const error = useRouteError();
  return (
    loaded ??
    refusedRootData(error) ?? {
      siteUrl: "",
      user: null,
      locale: "en",
      catalog: "",
      offerMarathi: null,
      fontUrl: null,
      unavailable: false,
    }
  );
}
