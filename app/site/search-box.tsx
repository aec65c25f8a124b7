import { useLocale, useT } from "./i18n";

/**
 * The site search form (issue 16): a plain GET form to /search, so it works without JavaScript. It is in the
 * header of every page, so every byte of it weighs on every page's script budget (decision 005): it is markup
 * only. After the page's load event, the first focus of a box loads the as-you-type suggestions, which turn the
 * input into a combobox (app/after-load/after-load.client.ts, search-combobox.ts); the icon is CSS (app.css), and the
 * /search page sizes the box from outside. Over-long queries are explained by the /search page rather than cut off here.
 */
export function SearchBox({ defaultValue }: { defaultValue?: string }) {
  const t = useT();
  const { path } = useLocale();
  const label = t("common.search.label");
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is newer than many students' phones; the role works everywhere
    <form role="search" action={path("/search")} className="relative flex">
      <input
        name="q"
        type="search"
        aria-label={label}
        defaultValue={defaultValue}
        placeholder={t("common.search.placeholder")}
        className="h-10 min-w-0 flex-1 rounded-l-md border border-slate-400 px-3 text-sm placeholder:text-slate-600"
      />
      <button
        type="submit"
        aria-label={label}
        className="rounded-r-md bg-indigo-700 px-3 text-white hover:bg-indigo-800"
      >
        <span className="ps-search-icon" />
      </button>
    </form>
  );
}
