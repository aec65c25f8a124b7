import { Router } from "express";
import type { Services } from "../services.server.ts";

/** `GET /api/v1/get-question` (mounted under /api/v1). */
export function papersApiRouter(_services: Services): Router {
  return Router();
}

/** `/papers/:id/question.pdf` and `/papers/:id/solution.pdf`: signed-in PDF delivery. */
export function paperFilesRouter(_services: Services): Router {
  return Router();
}
