import type { Request as ExpressRequest } from "express";
import { createContext, type RouterContext } from "react-router";
import type { Services } from "../server/services.server.ts";

/**
 * The Express server runs from source while the app runs from the Vite bundle, so this
 * module is loaded twice. Keeping the keys on globalThis makes both copies the same key.
 */
const registry = globalThis as unknown as { [key: symbol]: RouterContext<unknown> | undefined };

function sharedContext<T>(name: string, defaultValue?: T): RouterContext<T> {
  const key = Symbol.for(`paperstation.${name}`);
  registry[key] ??= createContext<T>(defaultValue) as RouterContext<unknown>;
  return registry[key] as RouterContext<T>;
}

export const servicesContext = sharedContext<Services>("services");
/** Per-response CSP nonce, set by the Express server. */
export const nonceContext = sharedContext<string>("nonce", "");
/** The Express request behind this page request: the session helpers read the user from it. */
export const expressRequestContext = sharedContext<ExpressRequest>("expressRequest");
