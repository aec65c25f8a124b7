import { Form, Link, redirect } from "react-router";
import { yearNoteInputSchema } from "../../../domain/admin.ts";
import { formField } from "../../../domain/form-data.ts";
import { indianDay } from "../../../domain/i18n.ts";
import { fieldErrors } from "../../../domain/validation.ts";
import { examDateProblem, listExamDates, setExamDate } from "../../../server/admin/exam-dates.server.ts";
import {
  createYearNote,
  deleteYearNote,
  listYearNotes,
  updateYearNote,
} from "../../../server/admin/year-notes.server.ts";
import { HttpError } from "../../../server/http/respond.server.ts";
import { defaultExamDay, seasonYear } from "../../../server/reviews/notebook.server.ts";
import { adminAction, adminPage, NO_STORE } from "../../admin/admin.server";
import { subjectLabel } from "../../admin/catalogue-bits";
import {
  AdminNotice,
  AdminTitle,
  adminMeta,
  BUTTON,
  BUTTON_DANGER,
  BUTTON_SECONDARY,
  ConfirmPanel,
  When,
  Who,
} from "../../admin/ui";
import { type NoteValues, noteValues, YearNoteFields } from "../../admin/year-note-fields";
import { orUnavailable } from "../../requests/unavailable.server";
import type { Route } from "./+types/year-notes";

const PAGE = "/admin/year-notes";
const DONE: Record<string, string> = {
  added: "The note is added.",
  saved: "The note is saved.",
  deleted: "The note is deleted.",
  exam: "The exam date is saved.",
};

export async function loader({ context, url }: Route.LoaderArgs) {
  const { services } = adminPage(context);
  const notes = await orUnavailable(() => listYearNotes(services));
  const id = (name: string) => {
    const value = Number(url.searchParams.get(name));
    return notes.some((note) => note.id === value) ? value : null;
  };
  const done = DONE[url.searchParams.get("done") ?? ""];
  const exams = await orUnavailable(() => listExamDates(services));
  const today = indianDay(new Date());
  const season = seasonYear(today);
  return {
    exams,
    season,
    seasonDay: exams.find((e) => e.year === season)?.day ?? defaultExamDay(today),
    notes: [...notes].sort((a, b) => b.year - a.year || a.id - b.id),
    editing: id("edit"),
    deleting: id("delete"),
    done: done ? { ok: true, message: done } : null,
    thisYear: new Date().getFullYear(),
    // The Marathi texts need the Devanagari font (the root loads it for pages that say so).
    devanagari: true,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = formField(form, "intent");
  const id = Number(formField(form, "id"));
  const values: NoteValues = {
    year: formField(form, "year"),
    subjects: form.getAll("subjects").filter((s): s is string => typeof s === "string"),
    text: formField(form, "text"),
    textMr: formField(form, "textMr"),
  };
  return adminAction(context, intent, async ({ admin, services }) => {
    if (intent === "exam-date") {
      const year = Number(formField(form, "examYear"));
      const day = formField(form, "examDay").trim();
      const problem = examDateProblem(year, day);
      // A 400 with the message inline (adminAction turns an HttpError into the page's notice).
      if (problem) throw new HttpError(400, problem);
      await setExamDate(services, admin, year, day);
      throw redirect(`${PAGE}?done=exam`);
    }
    if (intent === "delete") {
      await deleteYearNote(services, admin, id);
      throw redirect(`${PAGE}?done=deleted`);
    }
    if (intent !== "create" && intent !== "update") return { ok: false, intent, message: "Unknown action." };
    const parsed = yearNoteInputSchema.safeParse(values);
    if (!parsed.success) {
      // Sent back with what was typed, so that nothing is lost without JavaScript either.
      return { ok: false, intent, id, message: "Fix the marked fields.", errors: fieldErrors(parsed.error), values };
    }
    if (intent === "create") {
      const note = await createYearNote(services, admin, parsed.data);
      throw redirect(`${PAGE}?done=added#note-${note.id}`);
    }
    await updateYearNote(services, admin, id, parsed.data);
    throw redirect(`${PAGE}?done=saved#note-${id}`);
  });
}

export function headers() {
  return NO_STORE;
}

export function meta() {
  return adminMeta("Year notes");
}

/** The notes shown under a year's papers on the subject pages, in English and Marathi. */
export default function YearNotes({ loaderData, actionData }: Route.ComponentProps) {
  const { notes, editing, deleting, done, thisYear, exams, season, seasonDay } = loaderData;
  const sentBack = actionData && !actionData.ok && "values" in actionData ? actionData : null;
  const errorsFor = (intent: string, id?: number) =>
    sentBack && sentBack.intent === intent && (id === undefined || sentBack.id === id) ? sentBack : null;
  const adding = errorsFor("create");
  return (
    <>
      <AdminTitle title="Year notes" />
      <AdminNotice result={actionData ?? done} />
      <p className="mb-4 max-w-3xl text-slate-800">
        Each note is shown under that year's papers: on every subject page, or only on the ticked subjects' pages.
      </p>
      {/* Issue 27: the date each student's review of mistakes is spaced to, unless they set their own. */}
      <Form
        method="post"
        className="mb-6 flex max-w-3xl flex-wrap items-end gap-3 rounded-lg border border-slate-300 bg-white p-4"
      >
        <input type="hidden" name="intent" value="exam-date" />
        <label className="grid gap-1 font-semibold">
          SSC exam year
          <input
            name="examYear"
            type="number"
            defaultValue={season}
            className="w-28 rounded border border-slate-400 px-2 py-1.5 font-normal"
          />
        </label>
        <label className="grid gap-1 font-semibold">
          First day of the exam
          <input
            name="examDay"
            type="date"
            defaultValue={seasonDay}
            className="rounded border border-slate-400 px-2 py-1.5 font-normal"
          />
        </label>
        <button type="submit" className={BUTTON}>
          Save the exam date
        </button>
        <p className="w-full text-sm text-slate-700">
          {exams.length
            ? exams.map((e) => `${e.year}: ${e.day}`).join(" · ")
            : `Not set: students' reviews use ${seasonDay} until it is.`}
        </p>
      </Form>
      <ul className="grid gap-3">
        {notes.map((note) => {
          const sent = errorsFor("update", note.id);
          const prefix = `note-${note.id}`;
          const subjects = note.subjects?.length ? note.subjects.map(subjectLabel).join(", ") : "All subjects";
          const name = `the ${note.year} note (${subjects})`;
          return (
            <li
              key={note.id}
              id={prefix}
              data-note={note.id}
              className="scroll-mt-24 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
            >
              {editing === note.id || sent ? (
                <Form method="post" action={PAGE} noValidate aria-label={`Edit ${name}`}>
                  <input type="hidden" name="intent" value="update" />
                  <input type="hidden" name="id" value={note.id} />
                  <YearNoteFields
                    focus
                    prefix={prefix}
                    values={sent?.values ?? noteValues(note, thisYear)}
                    errors={sent?.errors ?? {}}
                    thisYear={thisYear}
                  />
                  <div className="mt-3 flex flex-wrap gap-3">
                    <button type="submit" className={BUTTON}>
                      Save
                    </button>
                    <Link to={`${PAGE}#${prefix}`} className={BUTTON_SECONDARY}>
                      Cancel
                    </Link>
                  </div>
                </Form>
              ) : (
                <>
                  {deleting === note.id ? (
                    <ConfirmPanel
                      question={`Delete ${name}?`}
                      detail="It disappears from the subject pages at once. The audit log keeps its text."
                      intent="delete"
                      hidden={{ id: String(note.id) }}
                      confirmLabel="Yes, delete it"
                      cancelTo={`${PAGE}#${prefix}`}
                    />
                  ) : null}
                  <h2 className="font-bold text-slate-900">
                    {note.year}
                    <span className="font-normal text-slate-700">
                      {" · "}
                      {subjects}
                    </span>
                  </h2>
                  <p className="mt-1 text-slate-900">{note.text}</p>
                  <p lang="mr" className="mt-1 text-slate-800">
                    {note.textMr ?? (
                      <span className="text-slate-600">No Marathi text: Marathi pages show the English.</span>
                    )}
                  </p>
                  <p className="mt-2 text-xs text-slate-600">
                    Changed <When iso={note.updatedAt} /> by <Who who={note.updatedBy} />
                  </p>
                  <p className="mt-3 flex flex-wrap gap-3">
                    <Link
                      to={`${PAGE}?edit=${note.id}#${prefix}`}
                      className={BUTTON_SECONDARY}
                      aria-label={`Edit ${name}`}
                    >
                      Edit
                    </Link>
                    <Link
                      to={`${PAGE}?delete=${note.id}#${prefix}`}
                      className={BUTTON_DANGER}
                      aria-label={`Delete ${name}`}
                    >
                      Delete…
                    </Link>
                  </p>
                </>
              )}
            </li>
          );
        })}
      </ul>
      <section aria-labelledby="add-note" className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="add-note" className="mb-3 text-lg font-bold text-slate-900">
          Add a note
        </h2>
        <Form method="post" action={PAGE} noValidate aria-labelledby="add-note">
          <input type="hidden" name="intent" value="create" />
          <YearNoteFields
            prefix="new-note"
            values={adding?.values ?? noteValues(undefined, thisYear)}
            errors={adding?.errors ?? {}}
            thisYear={thisYear}
          />
          <button type="submit" className={`${BUTTON} mt-3`}>
            Add the note
          </button>
        </Form>
      </section>
    </>
  );
}
