import type { Locator } from "@playwright/test";

/**
 * Resolves once React has hydrated the element (it carries React's props), so that a click is handled
 * by the client router and not by the browser as a full page load.
 */
export async function hydrated(locator: Locator): Promise<Locator> {
  await locator.first().waitFor();
  await locator.first().evaluate(
    (element) =>
      new Promise<void>((resolve) => {
        const check = () =>
          Object.keys(element).some((key) => key.startsWith("__reactProps")) ? resolve() : requestAnimationFrame(check);
        check();
      }),
  );
  return locator;
}
