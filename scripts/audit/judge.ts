/**
 * Pure functions over Lighthouse results: the score row of a page, whether it meets the targets,
 * and which audits pull a category below its target.
 */
import type { Result as LhResult } from "lighthouse";

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type CategoryId = (typeof CATEGORIES)[number];

/** Issue 6: Accessibility, Best Practices and SEO at 100, Performance at least 90. */
export const TARGETS: Record<CategoryId, number> = {
  performance: 0.9,
  accessibility: 1,
  "best-practices": 1,
  seo: 1,
};

/**
 * An audit that must fail on a given page because the page is right to fail it (the 404 page
 * answers 404 and asks not to be indexed). It is still shown, counted in Lighthouse's raw score
 * and reported; the run fails if it unexpectedly passes, because that would be a real defect.
 */
export interface ExpectedFailure {
  auditId: string;
  reason: string;
  /**
   * When set, the failure is expected only if every item the audit lists matches: anything else
   * it finds (another console error, say) is a real defect and fails the page.
   */
  onlyItems?: (item: Record<string, unknown>, lhr: LhResult) => boolean;
}

export interface FailingAudit {
  category: CategoryId;
  id: string;
  title: string;
  score: number | null;
  displayValue: string | undefined;
  /** Weight in the category score (0: shown by Lighthouse but not scored). */
  weight: number;
  expected: ExpectedFailure | undefined;
  /** What the audit found, a few items (element snippet, console message or URL). */
  items: string[];
}

export interface PageVerdict {
  /** Lighthouse's own category scores, 0..100, or null where the mode does not measure it. */
  scores: Record<CategoryId, number | null>;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  /** Categories below target for a reason other than an expected failure. */
  belowTarget: CategoryId[];
  /** Failing audits of every category below its target (raw), expected ones included. */
  failingAudits: FailingAudit[];
  /** Expected failures that did not fail (the page regressed: e.g. a 404 answering 200). */
  unexpectedPasses: ExpectedFailure[];
  runtimeError: string | undefined;
  warnings: string[];
}

function numeric(lhr: LhResult, auditId: string): number | null {
  const value = lhr.audits[auditId]?.numericValue;
  return typeof value === "number" ? value : null;
}

/** An audit counts as failing when it has a score below 1 (below 0.9 for performance metrics). */
function isFailing(category: CategoryId, score: number | null, mode: string): boolean {
  if (score === null) return mode === "error";
  if (mode === "notApplicable" || mode === "manual" || mode === "informative") return false;
  return category === "performance" ? score < TARGETS.performance : score < 1;
}

const MAX_ITEMS = 5;

function itemSummaries(audit: LhResult["audits"][string]): string[] {
  const details = audit.details as { items?: unknown } | undefined;
  if (!Array.isArray(details?.items)) return [];
  return (details.items as Record<string, unknown>[]).slice(0, MAX_ITEMS).map((item) => {
    const node = item.node as { snippet?: string; selector?: string } | undefined;
    const location = item.sourceLocation as { url?: string } | undefined;
    const parts = [
      node?.selector,
      node?.snippet,
      typeof item.description === "string" ? item.description : undefined,
      location?.url ?? (typeof item.url === "string" ? item.url : undefined),
      typeof item.href === "string" ? item.href : undefined,
    ].filter((part): part is string => typeof part === "string" && part !== "");
    return parts.join(" · ").slice(0, 240);
  });
}

function expectedFor(
  lhr: LhResult,
  audit: LhResult["audits"][string],
  expected: ExpectedFailure | undefined,
): ExpectedFailure | undefined {
  if (!expected?.onlyItems) return expected;
  const details = audit.details as { items?: unknown } | undefined;
  const items = Array.isArray(details?.items) ? (details.items as Record<string, unknown>[]) : [];
  const match = expected.onlyItems;
  return items.length > 0 && items.every((item) => match(item, lhr)) ? expected : undefined;
}

export function judge(
  lhr: LhResult,
  expectedFailures: readonly ExpectedFailure[] = [],
  /** A page's own Performance target when it is stricter than the site's (issue 14: Marathi pages ≥ 95). */
  performanceTarget = TARGETS.performance,
): PageVerdict {
  const targets = { ...TARGETS, performance: performanceTarget };
  const scores = {} as Record<CategoryId, number | null>;
  const belowTarget: CategoryId[] = [];
  const failingAudits: FailingAudit[] = [];
  const expectedById = new Map(expectedFailures.map((e) => [e.auditId, e]));

  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    const score = category?.score ?? null;
    scores[id] = score === null ? null : Math.round(score * 100);
    if (!category) continue; // not measured in this mode
    const failing: FailingAudit[] = [];
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit) continue;
      if (!isFailing(id, audit.score, audit.scoreDisplayMode)) continue;
      failing.push({
        category: id,
        id: ref.id,
        title: audit.title,
        score: audit.score,
        displayValue: audit.displayValue,
        weight: ref.weight,
        expected: expectedFor(lhr, audit, expectedById.get(ref.id)),
        items: itemSummaries(audit),
      });
    }
    const belowRaw = score === null || score < targets[id];
    if (!belowRaw) continue;
    failingAudits.push(...failing);
    // Below target only because of audits this page is right to fail? Then the page meets the
    // target; the raw score is still printed. Anything else failing (with weight) counts.
    const weighted = failing.filter((a) => a.weight > 0);
    const onlyExpected = score !== null && weighted.length > 0 && weighted.every((a) => a.expected !== undefined);
    if (!onlyExpected) belowTarget.push(id);
  }

  const unexpectedPasses = expectedFailures.filter((e) => {
    const audit = lhr.audits[e.auditId];
    return !audit || audit.score === null || audit.score >= 1;
  });

  return {
    scores,
    lcpMs: numeric(lhr, "largest-contentful-paint"),
    tbtMs: numeric(lhr, "total-blocking-time"),
    cls: numeric(lhr, "cumulative-layout-shift"),
    belowTarget,
    failingAudits,
    unexpectedPasses,
    runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : undefined,
    warnings: lhr.runWarnings.map(String),
  };
}

/**
 * Whether a page meets its targets. With `performance: "report"` (CI's audit step, decision 031) a Performance
 * score below target is printed but does not fail the page; Accessibility, Best Practices and SEO always do.
 */
export function passes(verdict: PageVerdict, performance: "gate" | "report" = "gate"): boolean {
  const below = verdict.belowTarget.filter((id) => performance === "gate" || id !== "performance");
  return !verdict.runtimeError && below.length === 0 && verdict.unexpectedPasses.length === 0;
}
