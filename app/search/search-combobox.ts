/**
 * As-you-type search (issue 16), loaded on the first focus of a search box (search-box.tsx): it turns the
 * server-rendered input into a WAI-ARIA 1.2 combobox with a listbox popup, grouped by kind. Plain DOM rather
 * than React: the box is rendered once and never changes, and this keeps the page's own scripts out of it.
 *
 * Keys, as in the ARIA Authoring Practices' combobox with listbox popup: Down/Up open the list and move through
 * the options (wrapping), Home/End go to the first/last option while one is highlighted, Enter opens the
 * highlighted option or else submits the search, Escape closes the list (then, in the phone's header panel,
 * the panel). The focus stays in the input; the highlighted option is named by aria-activedescendant.
 */
import type { NavigateFunction } from "react-router";
import type { SearchHit, SearchResult, SnippetPart } from "../../domain/search.ts";
import type { Translate } from "../site/i18n";

/** Wait this long after the last key before asking: fewer requests while a word is being typed. */
const DEBOUNCE_MS = 200;

interface Option {
  element: HTMLElement;
  url: string;
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  attributes: Record<string, string> = {},
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

/** The snippet as text and `<mark>` elements: the server sends parts, never HTML. */
function snippet(parts: readonly SnippetPart[]): HTMLElement {
  const line = element("span", "mt-0.5 line-clamp-2 block text-sm text-slate-700");
  for (const part of parts) {
    if (part.hit) {
      const mark = element("mark", "rounded-sm bg-amber-200 px-0.5 text-slate-900");
      mark.textContent = part.text;
      line.append(mark);
    } else line.append(part.text);
  }
  return line;
}

/** Spaces trimmed and collapsed (the server normalises the rest; domain/search.ts would weigh on every page). */
const tidy = (text: string) => text.replace(/\s+/g, " ").trim();

let boxes = 0;

export function attachCombobox(input: HTMLInputElement, t: Translate, navigate: NavigateFunction): void {
  const form = input.form;
  // Called on every focus of the box: once is enough.
  if (!form || input.getAttribute("role")) return;
  const base = `search-${++boxes}`;
  // The page's language (`<html lang>`): hits' links and names come in it.
  const locale = document.documentElement.lang === "mr" ? "mr" : "en";
  const listbox = element(
    "div",
    "absolute top-full left-0 z-40 mt-1 max-h-[70vh] w-full sm:min-w-96 overflow-y-auto rounded-md border border-slate-300 bg-white py-1 text-left shadow-lg",
    { id: `${base}-listbox`, role: "listbox", "aria-label": t("common.search.suggestions") },
  );
  listbox.hidden = true;
  // Announces the number of results (role=status is polite): the list itself is not read out as it changes.
  const status = element("div", "sr-only", { role: "status" });
  form.append(listbox, status);

  input.setAttribute("role", "combobox");
  input.setAttribute("aria-autocomplete", "list");
  input.setAttribute("aria-expanded", "false");
  input.setAttribute("aria-controls", listbox.id);
  // The browser's own history dropdown would cover the suggestions.
  input.autocomplete = "off";

  let options: Option[] = [];
  let active = -1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | undefined;

  const setActive = (index: number) => {
    options[active]?.element.setAttribute("aria-selected", "false");
    active = index;
    const option = options[index];
    if (option) {
      option.element.setAttribute("aria-selected", "true");
      input.setAttribute("aria-activedescendant", option.element.id);
      option.element.scrollIntoView({ block: "nearest" });
    } else input.removeAttribute("aria-activedescendant");
  };

  const show = (shown: boolean) => {
    if (!shown) setActive(-1);
    listbox.hidden = !shown;
    input.setAttribute("aria-expanded", String(shown));
  };

  const go = (url: string) => {
    show(false);
    const panel = input.closest("details");
    if (panel) panel.open = false;
    // Hits are the site's own pages; a client-side navigation keeps the page's code and opens `#item` anchors.
    if (url.startsWith("/")) navigate(url);
    else window.location.assign(url);
  };

  const searchUrl = (q: string) => `${form.getAttribute("action") ?? "/search"}?${new URLSearchParams({ q })}`;

  const addOption = (parent: HTMLElement, url: string, fill: (option: HTMLElement) => void) => {
    const option = element(
      "div",
      "block cursor-pointer px-3 py-2 text-slate-900 hover:bg-indigo-50 aria-selected:bg-indigo-100 aria-selected:outline-2 aria-selected:-outline-offset-2 aria-selected:outline-indigo-700",
      { id: `${base}-option-${options.length}`, role: "option", "aria-selected": "false" },
    );
    fill(option);
    // Pressing an option must not take the focus from the input (which would close the list first).
    option.addEventListener("mousedown", (event) => event.preventDefault());
    option.addEventListener("click", () => go(url));
    options.push({ element: option, url });
    parent.append(option);
  };

  const addHit = (parent: HTMLElement, hit: SearchHit) =>
    addOption(parent, hit.url, (option) => {
      option.lang = hit.lang;
      const title = element("span", "block font-semibold text-indigo-900", { id: `${option.id}-title` });
      title.textContent = hit.title;
      option.setAttribute("aria-labelledby", title.id);
      option.append(title);
      if (hit.snippet.length > 0) option.append(snippet(hit.snippet));
      if (hit.context) {
        const context = element("span", "mt-0.5 block text-xs text-slate-600");
        context.textContent = hit.context;
        option.append(context);
      }
    });

  const render = (result: SearchResult) => {
    options = [];
    active = -1;
    input.removeAttribute("aria-activedescendant");
    listbox.replaceChildren();
    for (const group of result.groups) {
      if (group.hits.length === 0) continue;
      const labelId = `${base}-group-${group.kind}`;
      const box = element("div", "pb-1", { role: "group", "aria-labelledby": labelId });
      const label = element("div", "px-3 pt-2 pb-1 text-xs font-bold tracking-wide text-slate-600 uppercase", {
        id: labelId,
        role: "presentation",
      });
      label.textContent = t(`common.search.kind.${group.kind}`);
      box.append(label);
      for (const hit of group.hits) addHit(box, hit);
      listbox.append(box);
    }
    addOption(listbox, searchUrl(result.query), (option) => {
      option.className += " border-t border-slate-200 font-semibold text-indigo-800";
      option.textContent = t("common.search.seeAll", { query: result.query });
    });
    status.textContent = t("common.search.count", { count: result.total });
    show(true);
  };

  const ask = async (q: string) => {
    controller?.abort();
    const mine = new AbortController();
    controller = mine;
    try {
      const params = new URLSearchParams({ q, lang: locale });
      const response = await fetch(`/api/v1/search?${params}`, { signal: mine.signal });
      if (!response.ok) throw new Error(`search ${response.status}`);
      const result = (await response.json()) as SearchResult;
      // Only the answer to the newest question is shown: an older one may arrive last.
      if (controller === mine) render(result);
    } catch {
      if (controller !== mine || mine.signal.aborted) return;
      show(false);
      status.textContent = t("common.search.failed");
    }
  };

  const changed = () => {
    clearTimeout(timer);
    const q = tidy(input.value);
    if (q === "") {
      controller?.abort();
      controller = undefined;
      show(false);
      status.textContent = "";
      return;
    }
    timer = setTimeout(() => void ask(q), DEBOUNCE_MS);
  };

  input.addEventListener("input", changed);
  input.addEventListener("blur", () => show(false));
  input.addEventListener("keydown", (event) => {
    const open = !listbox.hidden;
    const last = options.length - 1;
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        if (options.length === 0) return;
        event.preventDefault();
        if (!open) {
          show(true);
          if (event.key === "ArrowDown") return;
        }
        const down = event.key === "ArrowDown";
        setActive(down ? (active >= last ? 0 : active + 1) : active <= 0 ? last : active - 1);
        return;
      }
      case "Home":
      case "End":
        if (!open || active < 0) return;
        event.preventDefault();
        setActive(event.key === "Home" ? 0 : last);
        return;
      case "Enter": {
        const option = open ? options[active] : undefined;
        if (!option) return; // the form submits
        event.preventDefault();
        go(option.url);
        return;
      }
      case "Escape": {
        const panel = input.closest("details");
        if (open) show(false);
        else if (panel?.open) {
          panel.open = false;
          panel.querySelector("summary")?.focus();
        } else return;
        // Not the search input's own Escape (which empties it) while it closes something.
        event.preventDefault();
        return;
      }
      case "Tab":
        show(false);
    }
  });
  // The search itself, without a highlighted option: the results page, without reloading the document.
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    clearTimeout(timer);
    controller?.abort();
    go(searchUrl(tidy(input.value)));
  });

  // Typed before this code arrived: suggest for it now (not for a query the page was opened with).
  if (input.value !== input.defaultValue) changed();
}
