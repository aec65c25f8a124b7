/**
 * The practice API's request bodies (zod). Kept apart from domain/practice.ts, which the checking screen
 * imports: zod stays out of the browser's bundle (decision 005).
 */
import { z } from "zod";
import { ITEM_STATUSES } from "./practice.ts";

/** Item ids are short (`q2b3`); a paper has well under this many items. */
const ITEM_ID = z.string().min(1).max(40);
const MAX_ITEMS = 200;
/** An item has at most a handful of marking points (6 in the bank); room for repeats, no more. */
const MAX_POINTS = 50;
const POINTS_LIST = "Points must be a list of marking point numbers";

export const startAttemptSchema = z.object({
  paper_id: z.string({ error: "paper_id is required" }).min(1, "paper_id is required").max(80),
});

/** Messages of the attempt history's query (`GET /api/v1/attempts?before=`). */
export const HISTORY_MESSAGES = {
  before: "before must be the id of one of your attempts",
} as const;

export const saveAttemptSchema = z
  .object({
    marks: z
      .record(ITEM_ID, z.number({ error: "Marks must be a number" }).nullable())
      .refine((r) => Object.keys(r).length <= MAX_ITEMS, "Too many items")
      .optional(),
    /** Item id → the indices of the marking points ticked (the item's mark is their sum), or null to clear. */
    points: z
      .record(
        ITEM_ID,
        z
          .array(z.number({ error: POINTS_LIST }), { error: POINTS_LIST })
          .max(MAX_POINTS, "Too many points")
          .nullable(),
      )
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
  .refine(
    (body) => body.marks !== undefined || body.points !== undefined || body.statuses !== undefined,
    "Send marks, points or statuses",
  );
