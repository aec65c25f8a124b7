import { useCallback } from "react";
import { API_MESSAGE_KEYS, API_MESSAGE_PATTERNS } from "../../domain/api-messages.ts";
import { MESSAGES } from "../../domain/auth-rules.ts";
import type { Locale } from "../../domain/i18n.ts";
import { type Translate, useT } from "./i18n";
import { useRootData } from "./root-data";

export interface ApiResult<T> {
  status: number;
  ok: boolean;
  message: string;
  errors: Record<string, string>;
  data: T | null;
  retryAfter: number | null;
}

export class NetworkError extends Error {
  override name = "NetworkError";
  constructor() {
    super(MESSAGES.network);
  }
}

/** POST JSON to our API; a failed connection becomes NetworkError, every HTTP answer a result. */
export async function postJson<T>(path: string, body: unknown): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    throw new NetworkError();
  }
  let parsed: { meta?: { success?: boolean; message?: string; errors?: Record<string, string> }; data?: T } = {};
  try {
    parsed = await response.json();
  } catch {
    // A proxy's HTML error page, say: fall back to the status below.
  }
  const retryAfter = Number(response.headers.get("Retry-After"));
  return {
    status: response.status,
    ok: response.ok && parsed.meta?.success !== false,
    message: parsed.meta?.message ?? `The server answered ${response.status}. Please try again.`,
    errors: parsed.meta?.errors ?? {},
    data: parsed.data ?? null,
    retryAfter: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
  };
}

/**
 * An API message (`meta.message`, always English) in the page's language: known messages through the
 * catalog's `api.` keys; an unknown one as it came. A form's own catalog key is translated as it is.
 */
export function translateApiMessage(t: Translate, locale: Locale, message: string): string {
  // A form's own message is a catalog key ("auth.…", "account.…"): the one way forms and the API's text both show.
  if (/^(auth|account)\.\S+$/.test(message)) return t(message);
  if (locale === "en") return message;
  const key = API_MESSAGE_KEYS[message];
  if (key) return t(key);
  for (const { pattern, key: patternKey, arg } of API_MESSAGE_PATTERNS) {
    const match = pattern.exec(message);
    if (match) return t(patternKey, { [arg]: Number(match[1]) });
  }
  return message;
}

export function useApiMessage(): (message: string) => string {
  const t = useT();
  const { locale } = useRootData();
  return useCallback((message: string) => translateApiMessage(t, locale, message), [locale, t]);
}
