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

/**
 * The same page on the account (issue 26, decision 029), so that it follows the student to any device. The viewer
 * opens only for a signed-in student (papers need an account), so this never runs for a visitor. Failures (offline,
 * signed out elsewhere) are silent: this device's own memory still works.
 */
const ACCOUNT_API = "/api/v1/me/reading";
/** Pages turn quickly: the page is sent once the student has stayed on one this long. */
const SEND_AFTER_MS = 2000;

export interface AccountReading {
  /** The page last read on any device, or undefined (never read signed in, or not known). */
  page: Promise<number | undefined>;
  /** The page now shown: sent a moment after the last change. */
  read(page: number): void;
  /** Sends what is left at once, also as the tab closes (keepalive). */
  close(): void;
}

export function accountReading(paperUrl: string): AccountReading {
  const page = fetch(`${ACCOUNT_API}?${new URLSearchParams({ paper: paperUrl })}`, {
    headers: { Accept: "application/json" },
  })
    .then((res) => (res.ok ? res.json() : null))
    .then((body: { data?: { page?: unknown } } | null) => {
      const last = body?.data?.page;
      return typeof last === "number" && Number.isInteger(last) && last >= 1 ? last : undefined;
    })
    .catch(() => undefined);
  let pending: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const send = () => {
    clearTimeout(timer);
    if (pending === undefined) return;
    const body = JSON.stringify({ paper: paperUrl, page: pending });
    pending = undefined;
    fetch(ACCOUNT_API, { method: "PUT", keepalive: true, headers: { "Content-Type": "application/json" }, body }).catch(
      () => {},
    );
  };
  const onHidden = () => document.visibilityState === "hidden" && send();
  document.addEventListener("visibilitychange", onHidden);
  return {
    page,
    read(next) {
      pending = next;
      clearTimeout(timer);
      timer = setTimeout(send, SEND_AFTER_MS);
    },
    close() {
      send();
      document.removeEventListener("visibilitychange", onHidden);
    },
  };
}
