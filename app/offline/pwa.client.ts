/**
 * The installable app's page side (issue 16, decision 016): registers /sw.js with workbox-window, asks the
 * saved-papers code to check whose papers this device keeps, and shows the "new version" prompt. Loaded by the
 * root after the page's load event, so none of it is in a page's first load and the first paint never waits.
 */
import { Workbox } from "workbox-window";
import type { Locale } from "../../domain/i18n.ts";
import { parseSubjectPath } from "../../domain/subjects.ts";
import { outboxKey } from "../reviews/outbox-key";
import { i18nFor, messagesOf } from "../site/i18n";

interface SavedPapersModule {
  reconcileSavedPapers(userId: string | null): Promise<void> | void;
}

// The saved-papers module (P2's part of issue 16), loaded only where it exists, so either part builds alone.
const savedPapers = import.meta.glob<SavedPapersModule>("./saved-papers.client.ts");

let workbox: Workbox | undefined;
/** The signed-in student of the latest page: their review answers kept offline are sent (issue 27). */
let student: string | null = null;

/**
 * Review answers given offline go to the server from whatever page comes next, and when the phone is back online,
 * not only from the review page. The outbox's code loads only when answers wait.
 */
function sendReviewAnswers(): void {
  const userId = student;
  if (userId === null) return;
  try {
    // Sent answers stay a few days (to hide their questions on a kept page): only unsent ones load the code.
    if (!localStorage.getItem(outboxKey(userId))?.includes('"sent":false')) return;
  } catch {
    return; // storage blocked: nothing was kept there
  }
  void import("../reviews/review-outbox").then((m) => m.sendWaiting(userId)).catch(() => {});
}
if (typeof window !== "undefined") window.addEventListener("online", sendReviewAnswers);
const PROMPT_ID = "ps-update-prompt";

/**
 * Called after every page load and navigation with the signed-in user's id (or null): registers the service
 * worker once, and lets the saved papers follow the session (another user's or an ended session's are deleted).
 */
export function startPwa(userId: string | null): void {
  student = userId;
  sendReviewAnswers();
  const reconcile = () => {
    for (const load of Object.values(savedPapers)) {
      void load()
        .then((m) => m.reconcileSavedPapers(userId))
        .catch(() => {});
    }
  };
  if (savedPapersNeeded(userId)) reconcile();
  else if (userId !== null && onModelPaperPage() && !navigator.serviceWorker?.controller)
    // The first page a worker is installed on: it takes control in a moment (clients.claim), and the model
    // paper being read is saved then.
    navigator.serviceWorker?.addEventListener("controllerchange", reconcile, { once: true });
  if (workbox || !("serviceWorker" in navigator)) return;
  workbox = new Workbox("/sw.js");
  const wb = workbox;
  // Only an update waits (a first install has nothing to replace): offer the reload instead of mixing builds.
  wb.addEventListener("waiting", () => showUpdatePrompt(wb));
  // A first install downloads the app shell (223 KB brotli): not while the page is still starting (the viewer's
  // code prefetch, the student's first taps), but once the browser is idle, a few seconds after load.
  const register = () =>
    void wb.register({ immediate: true }).catch(() => {
      // No service worker (private mode, blocked): the site works as before, online.
    });
  setTimeout(
    () => ("requestIdleCallback" in window ? requestIdleCallback(register, { timeout: 5_000 }) : register()),
    3_000,
  );
}

/**
 * Whether this page needs the saved-papers code (3 KB): when the device holds a student's papers and nobody, or
 * someone else, is signed in (they may have to go), or when a signed-in student is reading a model paper with the
 * service worker in charge (it is saved). Otherwise nothing is downloaded for it. The marker is the one
 * saved-records.client.ts writes.
 */
function savedPapersNeeded(userId: string | null): boolean {
  let owner: string | null = null;
  try {
    owner = localStorage.getItem("ps-offline-owner");
  } catch {
    // storage disabled: nothing can have been saved with its owner
  }
  if (owner !== null && owner !== userId) return true;
  return userId !== null && Boolean(navigator.serviceWorker?.controller) && onModelPaperPage();
}

/** A model paper's page, in either language. */
function onModelPaperPage(): boolean {
  return parseSubjectPath(location.pathname)?.paperId !== undefined;
}

function messages(): (id: string) => string {
  const catalog = document.getElementById("ps-i18n")?.dataset.key;
  const locale = (document.documentElement.lang === "mr" ? "mr" : "en") satisfies Locale;
  return i18nFor(locale, messagesOf(catalog))._;
}

/**
 * A small banner at the bottom of the screen, in plain DOM (no React tree to mount, nothing added to any page's
 * first load), styled with classes the site's stylesheet already has. `role="status"` announces it without
 * taking focus away from what the student is reading; Reload and Not now are ordinary buttons.
 */
const RELOAD_FALLBACK_MS = 3_000;

function showUpdatePrompt(wb: Workbox): void {
  if (document.getElementById(PROMPT_ID)) return;
  const t = messages();
  const prompt = document.createElement("div");
  prompt.id = PROMPT_ID;
  prompt.setAttribute("role", "status");
  prompt.className =
    "fixed z-50 flex max-w-md flex-wrap items-center gap-3 rounded-xl bg-indigo-900 px-4 py-3 text-sm text-white shadow-lg";
  // Position by style: the stylesheet has no bottom/inset utilities to reuse.
  Object.assign(prompt.style, { left: "1rem", right: "1rem", bottom: "1rem", marginInline: "auto" });

  const text = document.createElement("p");
  text.textContent = t("common.offline.updateReady");
  const reload = button(
    t("common.offline.updateReload"),
    "rounded-lg bg-amber-500 px-4 py-2 font-semibold text-slate-900",
  );
  const dismiss = button(
    t("common.offline.updateDismiss"),
    "rounded-lg px-3 py-2 font-semibold text-indigo-100 underline",
  );
  const actions = document.createElement("div");
  actions.className = "ml-auto flex items-center gap-3";
  actions.append(reload, dismiss);
  prompt.append(text, actions);

  reload.addEventListener("click", () => {
    reload.disabled = true;
    // The new worker takes over, then this page reloads onto the new build's files.
    navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), { once: true });
    wb.messageSkipWaiting();
    // Chromium may put off the activation while a request through the old worker is still running (seen in the
    // browser tests on a busy machine). The student asked for the new version: reload anyway after a moment, so
    // the button never does nothing. The worker, told to skip waiting, activates once the old one is idle, and
    // takes the reloaded page over (clients.claim).
    window.setTimeout(() => window.location.reload(), RELOAD_FALLBACK_MS);
  });
  dismiss.addEventListener("click", () => prompt.remove());
  document.body.append(prompt);
}

function button(label: string, className: string): HTMLButtonElement {
  const element = document.createElement("button");
  element.type = "button";
  element.textContent = label;
  element.className = className;
  return element;
}
