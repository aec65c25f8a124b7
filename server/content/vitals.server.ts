import { z } from "zod";
import type { Db } from "../db/client.server.ts";
import { vitals } from "../db/schema.ts";

const METRIC_NAMES = ["CLS", "INP", "FCP", "LCP", "TTFB"] as const;
export type MetricName = (typeof METRIC_NAMES)[number];

/** Largest believable value per metric (CLS is a unitless score, the rest are milliseconds). */
const METRIC_MAX: Record<MetricName, number> = {
  CLS: 10,
  INP: 60_000,
  FCP: 120_000,
  LCP: 120_000,
  TTFB: 120_000,
};

/** A route pattern as the client reports it: `*` (not found) or a path, never a query or fragment. */
const ROUTE = /^(?:\*|\/[A-Za-z0-9\-._~%&:@*/]*)$/;

export const VitalReport = z
  .object({
    name: z.enum(METRIC_NAMES, { error: "must be one of CLS, INP, FCP, LCP, TTFB" }),
    value: z.number({ error: "must be a finite number" }).min(0, { error: "must not be negative" }),
    id: z.string().min(1).max(100),
    rating: z.enum(["good", "needs-improvement", "poor"], { error: "must be good, needs-improvement or poor" }),
    route: z
      .string()
      .min(1)
      .max(200, { error: "must be at most 200 characters" })
      .regex(ROUTE, { error: "must be a route path such as /blogs, or *" }),
  })
  .superRefine((report, ctx) => {
    const max = METRIC_MAX[report.name];
    if (report.value > max) ctx.addIssue({ code: "custom", path: ["value"], message: `must be at most ${max}` });
  });

export type VitalReport = z.output<typeof VitalReport>;

/** Stores a report: the metric only, with no IP address, user id or report id. */
export async function storeVital(db: Db, report: VitalReport): Promise<void> {
  await db
    .insert(vitals)
    .values({ name: report.name, value: report.value, rating: report.rating, route: report.route });
}
