import type { z } from "zod";
import { fieldErrors } from "../../domain/validation.ts";
import { HttpError } from "./respond.server.ts";

/** A JSON body checked against its schema; a 400 naming the first field at fault otherwise. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new HttpError(400, "Request body must be a JSON object");
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    const errors = fieldErrors(result.error);
    const [field, message] = Object.entries(errors)[0] ?? ["body", "Invalid request"];
    throw new HttpError(400, `${field}: ${message}`, { errors });
  }
  return result.data;
}
