/**
 * The interface language on pages (issue 14). A page's compiled messages travel once per document, as an
 * inline JSON block (`<script type="application/json" id="ps-i18n">`) named by the key in the root's data;
 * a navigation to a page that needs another set fetches `/i18n/<key>.json` first (the root's clientLoader).
 * Components read them through `useT()`, meta functions through `i18nFrom(matches)`.
 *
 * Lingui's core formats the messages. Its React binding is not used: the language never changes within a
 * document (the switch reloads it), so a plain context does the job for ~0.2 KB instead of ~1.3 KB, which the
 * subject page's script budget needs (decision 011).
 */
import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { createContext, createElement, type ReactNode, useCallback, useContext } from "react";
import { type CompiledCatalog, INTL_LOCALE, type Locale, localizePath } from "../../domain/i18n.ts";
import { type MatchLike, rootDataFrom } from "./meta";
import { useRootData } from "./root-data";

// One instance per catalog object: the server renders many requests with the same few catalogs, and the
// browser gets one per namespace set.
const instances = new WeakMap<CompiledCatalog, I18n>();
const EMPTY: CompiledCatalog = {};

/** The page catalogs this process knows, by key: registered by the server, read or fetched by the browser. */
const catalogs = new Map<string, { messages: CompiledCatalog; json: string }>();
const CATALOG_ELEMENT = "ps-i18n";

/** Server: makes a page catalog available to the render (the root loader calls it). */
export function registerCatalog(key: string, messages: CompiledCatalog, json: string): void {
  if (!catalogs.has(key)) catalogs.set(key, { messages, json });
}

function catalogEntry(key: string): { messages: CompiledCatalog; json: string } | undefined {
  let entry = catalogs.get(key);
  if (!entry && typeof document !== "undefined") {
    // The document's own block, on hydration.
    const element = document.getElementById(CATALOG_ELEMENT);
    if (element?.dataset.key === key && element.textContent) {
      entry = { messages: JSON.parse(element.textContent) as CompiledCatalog, json: element.textContent };
      catalogs.set(key, entry);
    }
  }
  return entry;
}

/** Browser: the messages of a catalog key, fetched once if the document did not bring them. */
export async function ensureCatalog(key: string): Promise<void> {
  if (!key || catalogEntry(key)) return;
  const response = await fetch(`/i18n/${key}.json`);
  if (!response.ok) throw new Error(`messages ${key}: ${response.status}`);
  const json = await response.text();
  catalogs.set(key, { messages: JSON.parse(json) as CompiledCatalog, json });
}

/** The page's messages as the inline block that carries them to the browser. */
export function CatalogScript({ catalog }: { catalog: string }) {
  const json = catalogEntry(catalog)?.json ?? "{}";
  return createElement("script", {
    type: "application/json",
    id: CATALOG_ELEMENT,
    "data-key": catalog,
    // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with every "<" escaped, never executed
    dangerouslySetInnerHTML: { __html: json },
  });
}

export function messagesOf(catalog: string | undefined): CompiledCatalog {
  return (catalog && catalogEntry(catalog)?.messages) || EMPTY;
}

export function i18nFor(locale: Locale, messages: CompiledCatalog = EMPTY): I18n {
  let i18n = instances.get(messages);
  if (!i18n || i18n.locale !== locale) {
    i18n = setupI18n({ locale, locales: INTL_LOCALE[locale], messages: { [locale]: messages as Messages } });
    // Bound once, so that `const { _: t } = i18nFrom(matches)` works in meta functions.
    i18n._ = i18n._.bind(i18n);
    instances.set(messages, i18n);
  }
  return i18n;
}

/**
 * For `meta` functions, which cannot use hooks: the page's language and messages from the root's data (or from
 * the page's error, a middleware's refusal: `meta`'s `error`).
 */
export function i18nFrom(matches: readonly MatchLike[], error?: unknown): I18n {
  const root = rootDataFrom(matches, error);
  return i18nFor(root?.locale ?? "en", messagesOf(root?.catalog));
}

export type Translate = I18n["_"];

const I18nContext = createContext<I18n>(i18nFor("en"));

export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return createElement(I18nContext.Provider, { value: i18n }, children);
}

/** `t("common.header.signIn")`, `t("subject.papers", { count })`: the page's messages. */
export function useT(): Translate {
  return useContext(I18nContext)._;
}

/** The page's language, and its site paths: `path("/blogs")` is `/mr/blogs` on a Marathi page. */
export function useLocale(): { locale: Locale; path: (to: string) => string } {
  const { locale } = useRootData();
  const path = useCallback((to: string) => localizePath(to, locale), [locale]);
  return { locale, path };
}

/** "2 hours 10 minutes" / "2 तास 10 मिनिटे": a duration in the page's language and digits. */
export function formatDurationIn(t: Translate, minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts: string[] = [];
  if (hours > 0) parts.push(t("common.duration.hours", { count: hours }));
  if (rest > 0) parts.push(t("common.duration.minutes", { count: rest }));
  return parts.join(" ") || "—";
}

export function useDuration(): (minutes: number) => string {
  const t = useT();
  return useCallback((minutes: number) => formatDurationIn(t, minutes), [t]);
}
