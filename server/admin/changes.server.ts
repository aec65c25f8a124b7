import { forgetPages } from "../http/page-cache.server.ts";
import { forgetRetiredModelPapers } from "../model-papers/catalog.server.ts";
import { forgetPaperListings } from "../papers/catalog.server.ts";
import type { Services } from "../services.server.ts";

type Listener = (services: Pick<Services, "database">) => void;

/**
 * The server runs two copies of the server modules: the API's, and the ones bundled into the React
 * Router build that renders pages (and runs the console's form actions). Each copy has its own caches,
 * so each registers here, in one process-wide set, what to forget after a change; a change made through
 * either copy then reaches both.
 */
const LISTENERS = Symbol.for("paperstation.afterCatalogueChange");

function listeners(): Set<Listener> {
  const shared = globalThis as { [LISTENERS]?: Set<Listener> };
  shared[LISTENERS] ??= new Set();
  return shared[LISTENERS];
}

/** Registers what this module copy must forget after an admin change. */
export function onCatalogueChange(listener: Listener): void {
  listeners().add(listener);
}

/**
 * After an admin change has committed: this process's caches (listings, retired model papers, year notes,
 * anonymous pages) read the database again at once, so the admin sees the change on the next page. Other
 * instances see it when their caches expire, within two seconds.
 */
export function afterCatalogueChange(services: Pick<Services, "database">): void {
  for (const listener of listeners()) listener(services);
}

onCatalogueChange((services) => {
  forgetPaperListings(services.database);
  forgetRetiredModelPapers(services.database);
  forgetPages(services);
});
