/**
 * The interface language on pages (issue 14). The root loader sends the page's compiled catalog once per
 * document; components read it through `useT()`, meta functions through `i18nFrom(matches)`.
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

// One instance per catalog object: the server renders many requests with the same two catalogs, and the
// browser gets one catalog per document.
const instances = new WeakMap<CompiledCatalog, I18n>();
const EMPTY: CompiledCatalog = {};

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

/** For `meta` functions, which cannot use hooks: the page's language and messages from the root's data. */
export function i18nFrom(matches: readonly MatchLike[]): I18n {
  const root = rootDataFrom(matches);
  return i18nFor(root?.locale ?? "en", root?.messages);
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

/** "2 hours 10 minutes" / "२ तास १० मिनिटे": a duration in the page's language and digits. */
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
