import { useLocation } from "react-router";
import { languageSwitchHref } from "./language-switch";
import { useRootData } from "./root-data";

/**
 * A visitor whose stored medium is Marathi and who has not chosen a language is offered the Marathi pages
 * once: a notice, never a redirect (search engines must see the same page every time). It is in Marathi,
 * for the reader it is meant for. The root loader marks it shown (a cookie) so that it is offered only once;
 * both answers go through the language switch, which records the choice, so it needs no script.
 */
export function LanguageOffer() {
  const { offerMarathi: offer } = useRootData();
  const location = useLocation();
  if (!offer) return null;
  const current = location.pathname + location.search;
  return (
    <section lang="mr" aria-label={offer.label} className="border-b border-amber-300 bg-amber-50">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 text-sm text-slate-900">
        <p className="flex-1">{offer.text}</p>
        <a
          href={languageSwitchHref("mr", current)}
          className="rounded-md bg-indigo-700 px-3 py-1.5 font-semibold text-white hover:bg-indigo-800"
        >
          {offer.accept}
        </a>
        <a
          href={languageSwitchHref("en", current)}
          className="rounded-md px-3 py-1.5 font-semibold text-indigo-800 underline"
        >
          {offer.decline}
        </a>
      </div>
    </section>
  );
}
