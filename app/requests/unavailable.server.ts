import { data } from "react-router";
import { isDatabaseUnavailable, UNAVAILABLE_MESSAGE } from "../../server/db/errors.server.ts";

/**
 * Runs a loader's data work; a database that cannot be reached becomes a 503 the error
 * boundary explains ("try again in a minute"), instead of an anonymous 500.
 */
export async function orUnavailable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      throw data({ message: UNAVAILABLE_MESSAGE }, { status: 503, headers: { "Retry-After": "5" } });
    }
    throw error;
  }
}
