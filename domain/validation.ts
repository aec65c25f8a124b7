import type { z } from "zod";

/** First message per field (`name`, `items.0.title` …), for inline errors and the API's `meta.errors`. */
export function fieldErrors(error: z.ZodError, fallbackField = "body"): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[issue.path.join(".") || fallbackField] ??= issue.message;
  return errors;
}
