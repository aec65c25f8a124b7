import { useFetcher } from "react-router";
import { useLocale, useT } from "../site/i18n";

/**
 * "Add to my mistakes" under a practice question (issue 27 §2): posts its items to /mistakes. With JavaScript
 * the page stays and the button turns into a note; without, the browser shows /mistakes with the same note and
 * a link back (`returnTo`).
 */
export function FlagForm({ items, returnTo }: { items: readonly string[]; returnTo: string }) {
  const t = useT();
  const { path } = useLocale();
  const fetcher = useFetcher<{ flagged: string[]; problem: string | null }>();
  const added = (fetcher.data?.flagged.length ?? 0) > 0;
  return (
    <fetcher.Form method="post" action={path("/mistakes")} className="mt-2">
      {items.map((item) => (
        <input key={item} type="hidden" name="item" value={item} />
      ))}
      <input type="hidden" name="returnTo" value={returnTo} />
      {added ? (
        <p role="status" className="py-2 text-sm font-semibold text-emerald-800">
          {t("paper.bank.flagged")}
        </p>
      ) : (
        <button
          type="submit"
          disabled={fetcher.state !== "idle"}
          className="min-h-11 rounded-lg border border-indigo-700 px-4 py-2 text-sm font-semibold text-indigo-800 hover:bg-indigo-50 disabled:opacity-60"
        >
          {t("paper.bank.flag")}
        </button>
      )}
      {fetcher.data?.problem ? (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {t("paper.bank.flagFailed")}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
