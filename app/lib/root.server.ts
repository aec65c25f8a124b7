import type { RouterContextProvider } from "react-router";
import { servicesContext, userContext } from "../context";
import type { RootData } from "./meta";
import { orUnavailable } from "./unavailable.server";

export async function getRootData(context: Readonly<RouterContextProvider>, _request: Request): Promise<RootData> {
  const { config } = context.get(servicesContext);
  const user = await orUnavailable(() => context.get(userContext)());
  return { siteUrl: config.siteUrl, user: user ? { id: user.id, name: user.name } : null };
}
