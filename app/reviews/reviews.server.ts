/**
 * The mistake notebook's pages (issue 27): `/mistakes` (every card, by subject and chapter, with the model answer
 * and the points missed) and `/review` (today's set, one question per page: the question, the model answer
 * behind a button, the marking points to tick). Plain forms, so both work without JavaScript; they call the
 * API's own functions (server/reviews/notebook.server.ts).
 */
import { data, type RouterContextProvider, redirect } from "react-router";
import { formField } from "../../domain/form-data.ts";
import { formatDay, indianDay, localeFromPath, localizePath } from "../../domain/i18n.ts";
import { safeRedirect } from "../../domain/redirect.ts";
import { isSubjectKey } from "../../domain/subjects.ts";
import { requestNow } from "../../server/http/clock.server.ts";
import { HttpError } from "../../server/http/respond.server.ts";
import { answerReview, dueReviews, flagItem, listMistakes } from "../../server/reviews/notebook.server.ts";
import { servicesContext } from "../context";
import { requireUser } from "../requests/session.server";
import { orUnavailable } from "../requests/unavailable.server";

type Context = Readonly<RouterContextProvider>;

/** The notebook's "now": the real time, or a browser test's day (server/http/clock.server.ts). */
function nowOf(context: Context, request: Request): Date {
  return requestNow(context.get(servicesContext).config, request.headers);
}

export async function mistakesLoader(context: Context, url: URL) {
  const user = await requireUser(context, url);
  const asked = url.searchParams.get("subject");
  const subject = isSubjectKey(asked) ? asked : undefined;
  const locale = localeFromPath(url.pathname);
  const entries = await orUnavailable(() => listMistakes(context.get(servicesContext), user.id, subject));
  return {
    subject: subject ?? null,
    entries: entries.map((entry) => ({ ...entry, due: formatDay(locale, entry.due_day) })),
  };
}

export async function reviewLoader(context: Context, request: Request, url: URL) {
  const user = await requireUser(context, url);
  const now = nowOf(context, request);
  const due = await orUnavailable(() => dueReviews(context.get(servicesContext), user.id, now));
  const done = url.searchParams.get("done");
  // The whole day's set (at most DAILY_REVIEW_LIMIT), so that the page can go through it offline once loaded;
  // `today` tells a page kept from an earlier day which answers on this phone it has not seen.
  return { items: due, today: indianDay(now), done: done === "left" || done === "again" ? done : null };
}

/** A review's ticked points (`point` checkboxes); the item is rescheduled and the next one shown. */
export async function reviewAction(context: Context, request: Request, url: URL) {
  const user = await requireUser(context, url);
  const form = await request.formData();
  const item = formField(form, "item");
  const points = form.getAll("point").map((value) => Number(value));
  try {
    const outcome = await orUnavailable(() =>
      answerReview(context.get(servicesContext), user.id, item, points, nowOf(context, request)),
    );
    const page = localizePath("/review", localeFromPath(url.pathname));
    throw redirect(`${page}?done=${outcome.left ? "left" : "again"}`);
  } catch (error) {
    if (error instanceof HttpError) return data({ problem: error.message }, { status: error.status });
    throw error;
  }
}

/** A question of one passage holds a few items; more than this is not a page's flag. */
const MAX_FLAGGED = 10;

/**
 * The student's flag (a chapter practice set's "Add to my mistakes"): each item into the notebook, due tomorrow.
 * With JavaScript the page's fetcher reads the answer and stays; without, the browser lands on /mistakes, which
 * says so and links back to the practice (`returnTo`, through the one redirect guard).
 */
export async function mistakesAction(context: Context, request: Request, url: URL) {
  const user = await requireUser(context, url);
  const form = await request.formData();
  const items = form.getAll("item").filter((value): value is string => typeof value === "string");
  const returnTo = safeRedirect(formField(form, "returnTo"), localizePath("/mistakes", localeFromPath(url.pathname)));
  if (items.length === 0 || items.length > MAX_FLAGGED)
    return data({ flagged: [] as string[], problem: "Choose one question", returnTo }, { status: 400 });
  try {
    for (const item of items)
      await orUnavailable(() => flagItem(context.get(servicesContext), user.id, item, nowOf(context, request)));
  } catch (error) {
    if (error instanceof HttpError)
      return data({ flagged: [] as string[], problem: error.message, returnTo }, { status: error.status });
    throw error;
  }
  return { flagged: items, problem: null, returnTo };
}

export const REVIEW_PAGE_HEADERS = { "Cache-Control": "private, no-store" };
