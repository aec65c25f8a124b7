/**
 * Which version of the index the cached search results belong to. Kept on `globalThis`: the server runs two
 * copies of the server modules (the API's and the page build's, see admin/changes.server.ts), and a rebuild
 * or an admin change through either must empty both copies' caches.
 */
const GENERATION = Symbol.for("paperstation.searchGeneration");
type Shared = { [GENERATION]?: number };

export function searchGeneration(): number {
  return (globalThis as Shared)[GENERATION] ?? 0;
}

/** After the index or the catalogue changed: every cached result, in every module copy, is dropped. */
export function forgetSearchResults(): void {
  const shared = globalThis as Shared;
  shared[GENERATION] = (shared[GENERATION] ?? 0) + 1;
}

/**
 * A cache per owner (a database: tests run several in one process) that `make` builds afresh whenever the
 * generation has moved on since it was made, so nothing kept outlives a rebuild or an admin change.
 */
export function perGeneration<Owner extends object, Value>(make: () => Value): (owner: Owner) => Value {
  const entries = new WeakMap<Owner, { generation: number; value: Value }>();
  return (owner) => {
    const generation = searchGeneration();
    let entry = entries.get(owner);
    if (!entry || entry.generation !== generation) {
      entry = { generation, value: make() };
      entries.set(owner, entry);
    }
    return entry.value;
  };
}
