/**
 * What every page does once its load event is over (decisions 005 and 016): report its web vitals, start the
 * installable app (the service worker, saved papers following the session), and make the search boxes suggest
 * as you type from their first focus. One lazy module, so that each page's first load carries a single call.
 */
import type { NavigateFunction } from "react-router";
import { i18nFor, messagesOf, type Translate } from "../site/i18n";
import type { MatchLike } from "./vitals.client";

/** The page's latest navigate: a combobox made on one page keeps working on the next. */
let latest: NavigateFunction | undefined;

export function afterLoad(matches: readonly MatchLike[], userId: string | null, navigate: NavigateFunction): void {
  void import("./vitals.client").then((m) => m.reportWebVitals(matches)).catch(() => {});
  void import("../offline/pwa.client").then((m) => m.startPwa(userId)).catch(() => {});
  const first = latest === undefined;
  latest = navigate;
  if (!first) return;
  document.addEventListener("focusin", (event) => enhanceSearch(event.target));
  // A box focused before the load event was over (the search page's own, say) gets its suggestions now.
  enhanceSearch(document.activeElement);
}

/** The site's search boxes are plain GET forms (search-box.tsx); the combobox code loads at the first focus. */
function enhanceSearch(target: EventTarget | null): void {
  if (!(target instanceof HTMLInputElement) || target.type !== "search" || !target.closest("form[role=search]")) return;
  // Read at each call, so that a language switch or a new page is followed (overloaded, so forwarded untyped).
  const translate = ((...args: unknown[]) => (pageTranslate() as (...args: unknown[]) => string)(...args)) as Translate;
  const navigate = ((...args: unknown[]) =>
    (latest as unknown as (...args: unknown[]) => unknown)(...args)) as NavigateFunction;
  // Offline, or a new build removed the chunk: the form still works, and the next focus tries again.
  import("../search/search-combobox").then((code) => code.attachCombobox(target, translate, navigate), Boolean);
}

/** The page's messages (its catalog is in the page, `#ps-i18n`) in the page's language (`<html lang>`). */
function pageTranslate(): Translate {
  const catalog = document.getElementById("ps-i18n")?.dataset.key;
  return i18nFor(document.documentElement.lang === "mr" ? "mr" : "en", messagesOf(catalog))._;
}
