/**
 * "Saved for offline" with a Remove button on a saved model paper's page (issue 16). Plain DOM, drawn by the
 * saved-papers code after the page has loaded: the model paper page's first load is at its budget, so the page
 * itself carries none of this. React never renders into this node; it goes with the page's header.
 */
import type { Locale } from "../../domain/i18n.ts";
import { i18nFor, messagesOf } from "../site/i18n";
import { removeSaved } from "./saved-papers.client";
import type { SaveResult } from "./saved-store.client";

export function showModelPageBadge(header: HTMLElement, result: SaveResult, locale: Locale): void {
  if (result.status !== "saved" && result.status !== "tooBig") return;
  const catalog = document.getElementById("ps-i18n")?.dataset.key;
  const t = i18nFor(locale, messagesOf(catalog))._;
  const listHref = locale === "mr" ? "/mr/saved" : "/saved";

  const badge = document.createElement("p");
  badge.dataset.savedBadge = "";
  badge.className = "mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm";
  // Announced when it changes: saved, then removed.
  const note = document.createElement("span");
  note.setAttribute("role", "status");
  note.className = "font-semibold text-green-900";
  badge.append(note);

  if (result.status === "tooBig") {
    note.textContent = t("viewer.saved.tooBig");
  } else {
    note.textContent = `✓ ${t("viewer.saved.badge")}`;
    const remove = document.createElement("button");
    remove.type = "button";
    remove.className =
      "min-h-10 rounded-lg border border-slate-300 px-3 font-semibold text-slate-800 hover:bg-slate-100";
    remove.textContent = t("viewer.saved.remove");
    remove.addEventListener("click", () => {
      remove.disabled = true;
      removeSaved(result.entry.id).then(
        () => {
          note.textContent = t("viewer.saved.removed");
          note.className = "text-slate-800";
          remove.remove();
        },
        () => {
          remove.disabled = false;
        },
      );
    });
    badge.append(remove);
  }
  const link = document.createElement("a");
  link.href = listHref;
  link.className = "inline-block py-2 font-semibold text-indigo-800 underline";
  link.textContent = t("viewer.saved.list");
  badge.append(link);
  // Under the page's buttons (the header's first block), above the instructions.
  const buttons = header.querySelector(":scope > div");
  if (buttons) buttons.after(badge);
  else header.append(badge);
}
