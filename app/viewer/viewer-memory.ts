/**
 * The last page read of each paper, on this device (issue 12): a small map in localStorage, the
 * most recently read papers kept. Storage may be blocked (private mode): the viewer then simply
 * opens at page 1.
 */
const KEY = "paperstation:last-pages";
const KEEP = 200;

type Pages = Record<string, number>;

function read(): Pages {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? "{}");
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Pages) : {};
  } catch {
    return {};
  }
}

/** The page to reopen `paperUrl` at, if one was remembered. */
export function lastPageRead(paperUrl: string): number | undefined {
  const page = read()[paperUrl];
  return typeof page === "number" && Number.isInteger(page) && page >= 1 ? page : undefined;
}

export function rememberPageRead(paperUrl: string, page: number): void {
  const pages = read();
  delete pages[paperUrl];
  // Insertion order is recency: the oldest entries go first when the map is full.
  const kept = Object.entries(pages).slice(-(KEEP - 1));
  try {
    window.localStorage.setItem(KEY, JSON.stringify(Object.fromEntries([...kept, [paperUrl, page]])));
  } catch {
    // full or blocked: remembering the page is a convenience
  }
}
