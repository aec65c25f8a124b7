import type { Request as ExpressRequest } from "express";
import { createContext } from "react-router";
import type { AdminUser } from "../server/admin/auth.server.ts";
import type { SessionUser } from "../server/auth/session.server.ts";
import type { Services } from "../server/services.server.ts";

// The server (server/app.server.ts) sets these and the routes read them: one module for both, because the route
// bundle imports this file from source (decision 018).
export const servicesContext = createContext<Services>();
/** Per-response CSP nonce, set by the Express server. */
export const nonceContext = createContext<string>("");
/** The Express request behind this page request: the session helpers read the user from it. */
export const expressRequestContext = createContext<ExpressRequest>();
/** The signed-in user of this request, looked up once by the root's session middleware (app/requests/middleware.server.ts). */
export const sessionContext = createContext<Promise<SessionUser | null>>();
/** Set when a loader or action of this request met a database outage: the outage middleware answers 503. */
export const outageContext = createContext<boolean>(false);
/** The console's admin, set by its layout's guard (app/requests/middleware.server.ts `adminMiddleware`); unset elsewhere. */
export const adminContext = createContext<AdminUser>();
