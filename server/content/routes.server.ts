import { Router } from "express";
import type { Services } from "../services.server.ts";

/** `POST /api/v1/vitals` (mounted under /api/v1). */
export function vitalsApiRouter(_services: Services): Router {
  return Router();
}

/** `/robots.txt` and `/sitemap.xml`. */
export function seoRouter(_services: Services): Router {
  return Router();
}
