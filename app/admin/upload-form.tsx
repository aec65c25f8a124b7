/**
 * A paper's PDFs sent to the console's multipart API (POST /api/v1/admin/papers or …/papers/:id/files) with
 * XMLHttpRequest, whose upload progress fetch() cannot report. The files are checked here first (a PDF,
 * at most 50 MB) so that a wrong file is named at once instead of after minutes of upload on a slow line;
 * the server checks them again, and its message is shown beside the form.
 *
 * It needs JavaScript: the API answers JSON, which a plain form post would leave on the screen. Without it
 * the form says so, and the server-side importer (npm run papers:import) remains the other way in.
 */
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { type CatalogueRow, UPLOAD_FILE_FIELDS, type UploadOutcome } from "../../domain/admin.ts";
import { formField } from "../../domain/form-data.ts";
import { BUTTON, INPUT, LABEL, LINK } from "./ui";

/** The server's limit (MAX_PDF_BYTES in server/papers/pdf-check.server.ts, which the browser cannot import). */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

type FileField = (typeof UPLOAD_FILE_FIELDS)[number];
const FILE_LABELS: Record<FileField, string> = { question: "Question paper (PDF)", solution: "Solution (PDF)" };

export interface UploadResult {
  paper: CatalogueRow;
  outcome: UploadOutcome;
}

type State =
  | { phase: "idle" }
  | { phase: "uploading"; percent: number }
  | { phase: "checking" }
  | { phase: "done"; result: UploadResult }
  | { phase: "failed"; message: string };

const OUTCOME_TEXT: Record<UploadOutcome, string> = {
  imported: "Saved as a new paper.",
  replaced: "Saved: the paper's files were replaced.",
  unchanged: "Nothing changed: the paper already has exactly these files.",
};

/** A file the browser can tell is wrong before sending it, or null. */
export function fileProblem(file: File): string | null {
  const pdf = file.type === "application/pdf" || (file.type === "" && /\.pdf$/i.test(file.name));
  if (!pdf) return `${file.name} is not a PDF file.`;
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > MAX_UPLOAD_BYTES) return "The file is larger than 50 MB";
  return null;
}

export function UploadForm({
  action,
  fields,
  fieldNames = [],
  submitLabel,
  onUploaded,
}: {
  /** The API endpoint. */
  action: string;
  /** The slot's inputs (upload page), rendered before the files. */
  fields?: (errors: Record<string, string>) => ReactNode;
  /** Their names, sent first: the API reads the fields before the files. */
  fieldNames?: readonly string[];
  submitLabel: string;
  onUploaded?: (result: UploadResult) => void;
}) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [state, setState] = useState<State>({ phase: "idle" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [hydrated, setHydrated] = useState(false);
  const request = useRef<XMLHttpRequest | null>(null);
  useEffect(() => {
    setHydrated(true);
    // Leaving the page cancels an upload in flight rather than leaving it to finish unseen.
    return () => request.current?.abort();
  }, []);

  const busy = state.phase === "uploading" || state.phase === "checking";

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const found: Record<string, string> = {};
    const files: [FileField, File][] = [];
    for (const name of UPLOAD_FILE_FIELDS) {
      const file = form.get(name);
      if (file instanceof File && file.name) {
        const problem = fileProblem(file);
        if (problem) found[name] = problem;
        files.push([name, file]);
      }
    }
    if (files.length === 0) found.question = "Choose a question paper or a solution PDF.";
    for (const name of fieldNames) if (!formField(form, name)) found[name] = `Choose the ${name}.`;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setState({ phase: "failed", message: "Fix the marked fields, then upload again." });
      formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
      return;
    }
    // The API reads the slot's fields before the files: append them in that order.
    const body = new FormData();
    for (const name of fieldNames) body.append(name, formField(form, name));
    for (const [name, file] of files) body.append(name, file, file.name);
    send(body);
  };

  const send = (body: FormData) => {
    const xhr = new XMLHttpRequest();
    request.current = xhr;
    xhr.open("POST", action);
    xhr.setRequestHeader("Accept", "application/json");
    setState({ phase: "uploading", percent: 0 });
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) {
        setState({ phase: "uploading", percent: Math.min(100, Math.floor((event.loaded / event.total) * 100)) });
      }
    };
    // Every byte is sent; the server now checks the PDF before it answers.
    xhr.upload.onload = () => setState({ phase: "checking" });
    xhr.onload = () => {
      request.current = null;
      const answer = parseAnswer(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && answer?.data) {
        const result = answer.data as UploadResult;
        setState({ phase: "done", result });
        formRef.current?.reset();
        onUploaded?.(result);
        return;
      }
      setErrors(answer?.meta?.errors ?? {});
      const message = answer?.meta?.message ?? `The server answered ${xhr.status}: ${xhr.statusText || "no reason"}`;
      setState({ phase: "failed", message: xhr.status === 429 ? `${message} (try again later)` : message });
    };
    xhr.onerror = () => {
      request.current = null;
      setState({ phase: "failed", message: "The upload stopped: the server could not be reached. Try again." });
    };
    xhr.send(body);
  };

  const percent = state.phase === "uploading" ? state.percent : 100;
  const showProgress = busy || state.phase === "done";
  return (
    <form ref={formRef} onSubmit={submit} noValidate className="grid gap-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="sr-only">
        {submitLabel}
      </h2>
      {fields?.(errors)}
      <div className="grid gap-4 sm:grid-cols-2">
        {UPLOAD_FILE_FIELDS.map((name) => (
          <div key={name}>
            <label htmlFor={`${id}-${name}`} className={LABEL}>
              {FILE_LABELS[name]}
            </label>
            <input
              id={`${id}-${name}`}
              name={name}
              type="file"
              accept="application/pdf,.pdf"
              disabled={busy}
              aria-invalid={errors[name] ? true : undefined}
              aria-describedby={errors[name] ? `${id}-${name}-error` : `${id}-limit`}
              className={`${INPUT} file:mr-3 file:rounded-md file:border-0 file:bg-indigo-50 file:px-3 file:py-1 file:font-semibold file:text-indigo-900`}
            />
            {errors[name] ? (
              <p id={`${id}-${name}-error`} className="mt-1 text-sm font-medium text-red-700">
                {errors[name]}
              </p>
            ) : null}
          </div>
        ))}
      </div>
      <p id={`${id}-limit`} className="text-sm text-slate-700">
        Real, unencrypted PDFs with pages, at most 50 MB each. A solution needs its question paper, sent now or already
        in the slot.
      </p>
      <noscript>
        <p className="rounded-lg border border-amber-400 bg-amber-50 p-3 text-slate-900">
          Uploading needs JavaScript, which shows the upload's progress. Turn it on, or import the files on the server
          with npm run papers:import.
        </p>
      </noscript>
      <div>
        <button type="submit" className={BUTTON} disabled={!hydrated || busy}>
          {busy ? "Uploading…" : submitLabel}
        </button>
      </div>
      <div className={showProgress ? "grid gap-1" : "hidden"}>
        <label htmlFor={`${id}-progress`} className={LABEL}>
          Upload progress
        </label>
        <div className="flex items-center gap-3">
          <progress id={`${id}-progress`} max={100} value={percent} className="h-3 w-full max-w-md accent-indigo-700" />
          <span className="w-12 text-right font-semibold tabular-nums" data-testid="upload-percent">
            {percent}%
          </span>
        </div>
      </div>
      <div aria-live="polite" role="status">
        <StatusText state={state} />
      </div>
    </form>
  );
}

function StatusText({ state }: { state: State }) {
  switch (state.phase) {
    case "idle":
      return null;
    case "uploading":
      return <p className="text-slate-800">Uploading…</p>;
    case "checking":
      return <p className="text-slate-800">Uploaded. Checking the PDF…</p>;
    case "done": {
      const { paper, outcome } = state.result;
      return (
        <p className="rounded-lg border border-green-300 bg-green-50 p-3 text-green-900">
          {OUTCOME_TEXT[outcome]}{" "}
          <Link to={`/admin/papers/${paper.id}`} className={LINK}>
            Open {paper.title}
          </Link>
        </p>
      );
    }
    case "failed":
      return <p className="rounded-lg border border-red-300 bg-red-50 p-3 font-medium text-red-900">{state.message}</p>;
  }
}

interface Answer {
  meta?: { success?: boolean; message?: string; errors?: Record<string, string> };
  data?: unknown;
}

function parseAnswer(text: string): Answer | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" ? (value as Answer) : null;
  } catch {
    return null;
  }
}
