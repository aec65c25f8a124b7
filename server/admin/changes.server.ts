import { forgetCaches } from "../cache/cache.server.ts";
import type { Services } from "../services.server.ts";

type Listener = (services: Pick<Services, "database">) => void;

/** What else must follow a change (the search index's sync): registered by the modules that do it. */
const listeners = new Set<Listener>();

/** Registers what must follow a catalogue change in this process, after its caches were emptied. */
export function onCatalogueChange(listener: Listener): void {
  listeners.add(listener);
}

/**
 * After a change to the catalogue has committed (an admin's change, an import): every cache made from the
 * catalogue (server/cache/cache.server.ts: listings, retired model papers, year notes, anonymous pages, search
 * results) reads the database again at once, so the admin sees the change on the next page; then the listeners
 * run. Other instances see it when their caches expire, within two seconds.
 */
export function afterCatalogueChange(services: Pick<Services, "database">): void {
  forgetCaches(services.database, "catalogue");
  for (const listener of listeners) listener(services);
}
