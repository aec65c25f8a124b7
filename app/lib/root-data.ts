import { useRouteLoaderData } from "react-router";
import type { RootData } from "./meta";

/** Root loader data; absent only when the root loader itself failed. */
export function useRootData(): RootData {
  return (
    (useRouteLoaderData("root") as RootData | undefined) ?? {
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
