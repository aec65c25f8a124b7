import { useEffect, useRef } from "react";
import { YEAR_NOTE_MAX, type YearNoteRow } from "../../domain/admin.ts";
import { FIRST_CATALOGUE_YEAR } from "../../domain/catalog.ts";
import { SUBJECTS } from "../../domain/subjects.ts";
import { FieldError, INPUT, LABEL } from "./ui";

/** What the form shows: a stored note, or what the admin typed when the server sent it back with errors. */
export interface NoteValues {
  year: string;
  subjects: string[];
  text: string;
  textMr: string;
}

export function noteValues(note: YearNoteRow | undefined, thisYear: number): NoteValues {
  return {
    year: String(note?.year ?? thisYear),
    subjects: note?.subjects ?? [],
    text: note?.text ?? "",
    textMr: note?.textMr ?? "",
  };
}

/** A year note's fields, for adding one and for editing one in place. `prefix` keeps ids unique on the page. */
export function YearNoteFields({
  prefix,
  values,
  errors,
  thisYear,
  focus = false,
}: {
  prefix: string;
  values: NoteValues;
  errors: Record<string, string>;
  thisYear: number;
  /** An edit form opened in place of the note: the Edit link that was focused is gone, so focus moves here. */
  focus?: boolean;
}) {
  const first = useRef<HTMLSelectElement>(null);
  // The form's first field, or the first one the server sent back with a message.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new set of messages from the server moves focus again
  useEffect(() => {
    const invalid = first.current?.form?.querySelector<HTMLElement>("[aria-invalid=true]");
    if (invalid) invalid.focus();
    else if (focus) first.current?.focus();
  }, [focus, errors]);
  const years = Array.from({ length: thisYear - FIRST_CATALOGUE_YEAR + 1 }, (_, i) => thisYear - i);
  const field = (name: keyof NoteValues) => ({
    id: `${prefix}-${name}`,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${prefix}-${name}-error` : undefined,
  });
  return (
    <div className="grid gap-3">
      <div className="max-w-40">
        <label htmlFor={`${prefix}-year`} className={LABEL}>
          Year
        </label>
        <select ref={first} name="year" defaultValue={values.year} className={INPUT} {...field("year")}>
          {years.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </select>
        <FieldError id={`${prefix}-year-error`} message={errors.year} />
      </div>
      <fieldset aria-describedby={errors.subjects ? `${prefix}-subjects-error` : `${prefix}-subjects-hint`}>
        <legend className={LABEL}>Subjects</legend>
        <p id={`${prefix}-subjects-hint`} className="mb-1 text-sm text-slate-700">
          Tick none for a note about every subject.
        </p>
        <div className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
          {SUBJECTS.map((subject) => (
            <label key={subject.key} className="flex items-center gap-2 py-0.5 text-sm">
              <input
                type="checkbox"
                name="subjects"
                value={subject.key}
                defaultChecked={values.subjects.includes(subject.key)}
                className="size-4 accent-indigo-700"
              />
              {subject.name}
            </label>
          ))}
        </div>
        <FieldError id={`${prefix}-subjects-error`} message={errors.subjects} />
      </fieldset>
      <div>
        <label htmlFor={`${prefix}-text`} className={LABEL}>
          English text
        </label>
        <textarea
          name="text"
          rows={3}
          maxLength={YEAR_NOTE_MAX}
          required
          defaultValue={values.text}
          className={INPUT}
          {...field("text")}
        />
        <FieldError id={`${prefix}-text-error`} message={errors.text} />
      </div>
      <div>
        <label htmlFor={`${prefix}-textMr`} className={LABEL}>
          Marathi text (optional: the Marathi pages show the English text without it)
        </label>
        <textarea
          name="textMr"
          lang="mr"
          rows={3}
          maxLength={YEAR_NOTE_MAX}
          defaultValue={values.textMr}
          className={INPUT}
          {...field("textMr")}
        />
        <FieldError id={`${prefix}-textMr-error`} message={errors.textMr} />
      </div>
    </div>
  );
}
