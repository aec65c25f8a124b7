import { Router } from "express";
import type { Services } from "../services.server.ts";

/** signup, login, logout, me (mounted under /api/v1). */
export function accountsApiRouter(_services: Services): Router {
  return Router();
}
