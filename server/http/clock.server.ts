/**
 * The time a request counts as "now" for the mistake notebook's days (issue 27). A browser test walks three days
 * of reviews in one run: Playwright's clock moves the page's time, and the same instant reaches the server in an
 * `X-Test-Now` header, read only when the server was started with TEST_CLOCK=1 (the browser tests' server).
 * A real site ignores the header, so no student can choose their own review day.
 */
import type { Config } from "../config.server.ts";

export const TEST_NOW_HEADER = "X-Test-Now";

/** A request's headers: Express's request or a Fetch request's `headers`, both read by `get`. */
interface HeaderSource {
  get(name: string): string | null | undefined;
}

/** The request's X-Test-Now (an ISO instant) on a test server; anything else, or a real server, gives the real time. */
export function requestNow(config: Pick<Config, "testClock">, headers: HeaderSource): Date {
  const header = config.testClock ? headers.get(TEST_NOW_HEADER) : undefined;
  if (!header) return new Date();
  const given = new Date(header);
  return Number.isNaN(given.getTime()) ? new Date() : given;
}
