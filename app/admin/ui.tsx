/**
 * The admin console's small building blocks (issue 15). The console is English only (decision 012), so its
 * texts are written here rather than in the students' catalogs; nothing under app/admin is
 * imported by a student page, which keeps it out of their scripts.
 */
import { type ReactNode, useEffect, useRef } from "react";
import { Form, Link } from "react-router";

export const BUTTON =
  "inline-flex items-center justify-center rounded-lg bg-indigo-700 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-800 disabled:opacity-60";
export const BUTTON_SECONDARY =
  "inline-flex items-center justify-center rounded-lg border border-indigo-700 bg-white px-4 py-2 text-sm font-semibold text-indigo-800 hover:bg-indigo-50";
export const BUTTON_DANGER =
  "inline-flex items-center justify-center rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800";
export const LINK = "font-medium text-indigo-800 underline-offset-2 hover:underline";
export const INPUT =
  "w-full rounded-lg border border-slate-400 bg-white px-3 py-2 outline-none focus:border-indigo-700 focus:ring-2 focus:ring-indigo-200 aria-[invalid=true]:border-red-600";
export const LABEL = "mb-1 block text-sm font-semibold text-slate-800";

/** Every console page: its title, and kept out of search engines. */
export function adminMeta(title: string) {
  return [{ title: `${title} | PaperStation admin` }, { name: "robots", content: "noindex" }];
}

export function AdminTitle({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
      <h1 className="text-2xl font-bold text-indigo-900">{title}</h1>
      {children}
    </div>
  );
}

/** A field's message from the server or the form's own check, tied to the field by `aria-describedby`. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {message}
    </p>
  ) : null;
}

/** A labelled select with an optional first choice (`blank`: "Any", "Choose…") and its message. */
export function SelectField({
  id,
  name,
  label,
  options,
  blank,
  defaultValue,
  error,
  required,
}: {
  id: string;
  name: string;
  label: string;
  options: readonly (readonly [value: string, label: string])[];
  blank?: { label: string; disabled?: boolean };
  defaultValue: string;
  error?: string | undefined;
  required?: boolean;
}) {
  return (
    <div>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={INPUT}
      >
        {blank ? (
          <option value="" disabled={blank.disabled}>
            {blank.label}
          </option>
        ) : null}
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A list's filters as a GET form (it works without JavaScript, and the URL can be shared or bookmarked). */
export function FilterForm({
  legend,
  submitLabel,
  clearTo,
  children,
}: {
  legend: string;
  submitLabel: string;
  /** The unfiltered list, when a filter is set. */
  clearTo: string | null;
  children: ReactNode;
}) {
  return (
    <Form method="get" className="mb-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <fieldset>
        <legend className="mb-2 font-semibold text-slate-900">{legend}</legend>
        {children}
      </fieldset>
      <div className="mt-3 flex flex-wrap gap-3">
        <button type="submit" className={BUTTON}>
          {submitLabel}
        </button>
        {clearTo ? (
          <Link to={clearTo} className={BUTTON_SECONDARY}>
            Clear filters
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/** A form action's outcome: a status for success, an alert for a failure, so screen readers hear both. */
export function AdminNotice({ result }: { result: { ok: boolean; message: string } | undefined | null }) {
  if (!result) return null;
  return result.ok ? (
    <p role="status" className="mb-4 rounded-lg border border-green-300 bg-green-50 p-3 text-green-900">
      {result.message}
    </p>
  ) : (
    <p role="alert" className="mb-4 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
      {result.message}
    </p>
  );
}

/**
 * A wide table that scrolls sideways inside its own box on a phone (360 px) instead of widening the page.
 * The box is focusable and named, so a keyboard user can scroll it too (axe: scrollable-region-focusable).
 */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      {children}
    </section>
  );
}

export const TH = "whitespace-nowrap border-b border-slate-200 bg-slate-100 px-3 py-2 text-left font-semibold";
export const TD = "border-b border-slate-100 px-3 py-2 align-top";

/** A console table's header row: one column header per name. */
export function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col" className={TH}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

const SIZE_UNITS = ["bytes", "KB", "MB", "GB"];

/** 1536 → "1.5 KB": sizes as an operator reads them. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} bytes` : `${value.toFixed(value < 10 ? 1 : 0)} ${SIZE_UNITS[unit]}`;
}

// One time zone on the server and in the browser, so the hydrated text matches the server's.
const DATE_TIME = new Intl.DateTimeFormat("en-IN", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Asia/Kolkata",
});

/** "23 Nov 2026, 7:45 pm" in India's time. */
function formatWhen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE_TIME.format(date);
}

export function When({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatWhen(iso)}</time>;
}

/** "Asha Patil (asha@example.com)", or a dash when no admin has changed it. */
export function Who({ who }: { who: { name: string | null; email: string } | null }) {
  if (!who) return <span className="text-slate-600">—</span>;
  return (
    <span>
      {who.name ? `${who.name} ` : ""}
      <span className="break-all text-slate-600">({who.email})</span>
    </span>
  );
}

/**
 * A change that needs a second look (retire, restore, delete): the page shows this panel when its URL asks
 * for the confirmation (`?confirm=…`), so the step works without JavaScript; Cancel goes back to the page.
 */
export function ConfirmPanel({
  question,
  detail,
  intent,
  confirmLabel,
  cancelTo,
  hidden,
  danger = true,
}: {
  question: string;
  detail?: ReactNode;
  intent: string;
  confirmLabel: string;
  cancelTo: string;
  hidden?: Record<string, string>;
  danger?: boolean;
}) {
  // The question appears away from the button that asked for it: a keyboard or screen reader user is taken there.
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    panel.current?.focus();
    panel.current?.scrollIntoView({ block: "center" });
  }, []);
  return (
    <section
      ref={panel}
      tabIndex={-1}
      aria-labelledby="confirm-title"
      className="mb-4 scroll-mt-24 rounded-xl border-2 border-amber-400 bg-amber-50 p-4"
    >
      <h2 id="confirm-title" className="font-bold text-slate-900">
        {question}
      </h2>
      {detail ? <div className="mt-1 text-slate-800">{detail}</div> : null}
      <Form method="post" className="mt-3 flex flex-wrap gap-3">
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(hidden ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className={danger ? BUTTON_DANGER : BUTTON}>
          {confirmLabel}
        </button>
        <Link to={cancelTo} className={BUTTON_SECONDARY}>
          Cancel
        </Link>
      </Form>
    </section>
  );
}
