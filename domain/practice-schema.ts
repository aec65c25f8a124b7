/**
 * The practice API's request bodies (zod). Kept apart from domain/practice.ts, which the checking screen
 * imports: zod stays out of the browser's bundle (decision 005).
 */
import { z } from "zod";
import { ITEM_STATUSES } from "./practice.ts";

/** Item ids are short (`q2b3`); a paper has well under this many items. */
const ITEM_ID = z.string().min(1).max(40);
const MAX_ITEMS = 200;

export const startAttemptSchema = z.object({
  paper_id: z.string({ error: "paper_id is required" }).min(1, "paper_id is required").max(80),
});

export const saveAttemptSchema = z
  .object({
    marks: z
      .record(ITEM_ID, z.number({ error: "Marks must be a number" }).nullable())
      .refine((r) => Object.keys(r).length <= MAX_ITEMS, "Too many items")
      .optional(),
    statuses: z
      .record(
        ITEM_ID,
        z.enum(ITEM_STATUSES as [string, ...string[]], { error: "Status must be attempted or skipped" }).nullable(),
      )
      .refine((r) => Object.keys(r).length <= MAX_ITEMS, "Too many items")
      .optional(),
  })
  .strict()
  .refine((body) => body.marks !== undefined || body.statuses !== undefined, "Send marks or statuses");
