import type { RouterContextProvider } from "react-router";
import type { SessionUser } from "../../server/auth/session.server.ts";
import { userContext } from "../context";

export async function getOptionalUser(context: Readonly<RouterContextProvider>): Promise<SessionUser | null> {
  return context.get(userContext)();
}
