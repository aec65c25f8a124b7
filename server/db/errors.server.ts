/**
 * True when an error means "the database cannot be reached right now" (connection refused,
 * dropped, timed out, or the server shutting down), as opposed to a bug or bad data.
 * Such errors become 503 "Service temporarily unavailable", never 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = String((e as { code?: unknown }).code ?? "");
    if (NETWORK_CODES.has(code)) return true;
    // SQLSTATE class 08 (connection exception), 57P0x (shutdown, cannot connect now), 53300 (too many connections).
    if (/^08|^57P0[1-4]$|^53300$/.test(code)) return true;
    const message = String((e as { message?: unknown }).message ?? "");
    // "database … is not currently accepting connections" (55000, a database closed to connections for maintenance).
    if (
      /database ping timed out|connect ECONNREFUSED|write CONNECTION_CLOSED|Connection terminated|is not currently accepting connections/i.test(
        message,
      )
    ) {
      return true;
    }
  }
  return false;
}

const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
]);

export const UNAVAILABLE_MESSAGE = "Service temporarily unavailable";
