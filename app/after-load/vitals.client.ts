import type { Metric } from "web-vitals";

/**
 * First-party Core Web Vitals (spec §7, issue 5): after the page has loaded, `web-vitals` is
 * imported lazily (its own small chunk) and each of CLS, INP, FCP, LCP and TTFB is sent once to
 * POST /api/v1/vitals with navigator.sendBeacon, as `{ name, value, id, rating, route }`.
 * `route` is the matched route pattern, never the URL, so no query string or user data leaves.
 * FCP, LCP and TTFB arrive soon after load and carry the landing route; CLS and INP are final when
 * the page is hidden and carry the route shown at that moment.
 */

export interface MatchLike {
  id: string;
  pathname: string;
  params: Readonly<Record<string, string | undefined>>;
}

const MAX_ROUTE = 200;

/** The leaf route's pattern: `*` for the catch-all (not found) route, `:name` for a dynamic segment. */
export function routePattern(matches: readonly MatchLike[]): string {
  const leaf = matches.at(-1);
  if (!leaf || "*" in leaf.params) return "*";
  const dynamic = new Map(
    Object.entries(leaf.params)
      .filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "")
      .map(([name, value]) => [value, name]),
  );
  const segments = leaf.pathname
    .split("/")
    .filter(Boolean)
    .map((segment) => {
      const name = dynamic.get(safeDecode(segment));
      return name ? `:${name}` : segment;
    });
  return `/${segments.join("/")}`.slice(0, MAX_ROUTE);
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const VITALS_ENDPOINT = "/api/v1/vitals";

let currentRoute = "*";
let started = false;

function send(metric: Metric): void {
  const body = JSON.stringify({
    name: metric.name,
    value: metric.value,
    id: metric.id,
    rating: metric.rating,
    route: currentRoute,
  });
  // A string beacon goes out as text/plain, which needs no CORS preflight and survives page unload.
  if (navigator.sendBeacon?.(VITALS_ENDPOINT, body)) return;
  fetch(VITALS_ENDPOINT, { method: "POST", body, keepalive: true, headers: { "Content-Type": "text/plain" } }).catch(
    () => {},
  );
}

async function start(): Promise<void> {
  try {
    const { onCLS, onFCP, onINP, onLCP, onTTFB } = await import("web-vitals");
    for (const listen of [onCLS, onINP, onFCP, onLCP, onTTFB]) listen(send);
  } catch {
    // Measuring is optional: a failed chunk load (offline, new deploy) must never disturb the page.
  }
}

/**
 * Call from the root component on every navigation (`useEffect(() => reportWebVitals(matches), [matches])`):
 * the first call starts measuring once the page has loaded; later calls only update the route.
 */
export function reportWebVitals(matches: readonly MatchLike[]): void {
  currentRoute = routePattern(matches);
  if (started) return;
  started = true;
  if (document.readyState === "complete") setTimeout(start, 0);
  else window.addEventListener("load", () => setTimeout(start, 0), { once: true });
}
