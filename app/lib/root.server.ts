import type { RouterContextProvider } from "react-router";
import { servicesContext } from "../context";
import type { RootData } from "./meta";
import { getUser } from "./session.server";

export async function getRootData(context: Readonly<RouterContextProvider>): Promise<RootData> {
  const { config } = context.get(servicesContext);
  const user = await getUser(context);
  return { siteUrl: config.siteUrl, user: user ? { id: user.id, name: user.name } : null };
}
