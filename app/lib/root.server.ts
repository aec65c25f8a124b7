import type { RouterContextProvider } from "react-router";
import { servicesContext } from "../context";
import type { RootData } from "./meta";

export async function getRootData(context: Readonly<RouterContextProvider>, _request: Request): Promise<RootData> {
  const { config } = context.get(servicesContext);
  return { siteUrl: config.siteUrl, user: null };
}
