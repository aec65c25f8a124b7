/** Small fetch helpers for API tests: JSON in, `{ status, body, headers, cookie }` out. */
export interface JsonResponse {
  status: number;
  headers: Headers;
  body: { meta: { success: boolean; message: string; errors?: Record<string, string> }; data: unknown };
  /** `ps_session=<token>` (or `__Host-ps_session=…`) from Set-Cookie, when one was set with a value. */
  cookie: string | null;
  setCookie: string[];
}

export async function api(
  baseUrl: string,
  path: string,
  options: {
    method?: string;
    json?: unknown;
    body?: string;
    headers?: Record<string, string>;
    cookie?: string | null;
  } = {},
): Promise<JsonResponse> {
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  if (options.cookie) headers.Cookie = options.cookie;
  let body = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers["Content-Type"] ??= "application/json";
  }
  const res = await fetch(`${baseUrl}${path}`, { method: options.method ?? (body ? "POST" : "GET"), headers, body });
  const text = await res.text();
  const setCookie = res.headers.getSetCookie();
  // `__Host-ps_session` when SITE_URL is https (issue 23).
  const session = setCookie.map((c) => c.match(/^((?:__Host-)?ps_session=[^;]+)/)?.[1]).find(Boolean);
  return {
    status: res.status,
    headers: res.headers,
    body: text ? JSON.parse(text) : null,
    cookie: session ?? null,
    setCookie,
  };
}

let counter = 0;
/** A valid sign-up body with a unique email and phone. */
export function newAccount(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const n = String(counter).padStart(6, "0");
  return {
    name: `Student ${n}`,
    email: `student${n}.${process.pid}@example.com`,
    phone: `919${String(process.pid % 1000).padStart(3, "0")}${n}`,
    password: "correct horse 42",
    role: 1,
    // Decision 028: said at sign-up; without it the account is asked before it writes a study record.
    under_18: false,
    ...overrides,
  };
}
