import { type InputHTMLAttributes, type ReactNode, useState } from "react";
import { PASSWORD_MAX } from "../../domain/auth-rules.ts";
import { useApiMessage } from "../site/api";
import { LABEL_CLASS } from "../site/field-styles";
import { useT } from "../site/i18n";

export { LABEL_CLASS };

/** Shared by every form, so labels and fields look and behave alike. */
export const INPUT_CLASS =
  "w-full rounded-lg border border-slate-400 bg-white px-3 py-2.5 outline-none focus:border-indigo-700 focus:ring-2 focus:ring-indigo-200 aria-[invalid=true]:border-red-600";

/**
 * A labelled input with its inline error, tied together for screen readers (`aria-describedby`).
 * `prefix` is shown before the input and hidden from screen readers (e.g. the fixed +91).
 */
export function TextField({
  id,
  label,
  error,
  prefix,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "prefix"> & {
  id: string;
  label: ReactNode;
  error: string | undefined;
  prefix?: string;
}) {
  const errorId = `${id}-error`;
  const field = (
    <input
      {...input}
      id={id}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      className={INPUT_CLASS}
    />
  );
  return (
    <div>
      <label htmlFor={id} className={LABEL_CLASS}>
        {label}
      </label>
      {prefix ? (
        <div className="flex items-center gap-2">
          <span
            className="rounded-lg border border-slate-300 bg-slate-100 px-3 py-2.5 text-slate-700"
            aria-hidden="true"
          >
            {prefix}
          </span>
          {field}
        </div>
      ) : (
        field
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export function PasswordField(props: {
  id: string;
  name: string;
  label: string;
  value: string;
  error: string | undefined;
  autoComplete: "new-password" | "current-password";
  onChange: (value: string) => void;
}) {
  const [visible, setVisible] = useState(false);
  const errorId = `${props.id}-error`;
  const t = useT();
  return (
    <div>
      <label htmlFor={props.id} className={LABEL_CLASS}>
        {props.label}
      </label>
      <div className="flex rounded-lg border border-slate-400 bg-white focus-within:border-indigo-700 focus-within:ring-2 focus-within:ring-indigo-200">
        <input
          id={props.id}
          name={props.name}
          type={visible ? "text" : "password"}
          autoComplete={props.autoComplete}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? errorId : undefined}
          required
          maxLength={PASSWORD_MAX}
          className="min-w-0 flex-1 rounded-l-lg px-3 py-2.5 outline-none"
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-pressed={visible}
          aria-controls={props.id}
          // The whole name in one message, so that each language orders it naturally ("पासवर्ड दाखवा").
          aria-label={visible ? t("auth.hidePassword") : t("auth.showPassword")}
          className="shrink-0 rounded-r-lg px-3 text-sm font-semibold text-indigo-800 hover:bg-indigo-50"
        >
          {visible ? t("auth.hide") : t("auth.show")}
        </button>
      </div>
      <FieldError id={errorId} message={props.error} />
    </div>
  );
}

/**
 * A field's message: a catalog key of the card's own (`auth.…`), or one of the rules' English messages (the
 * API's), shown in the page's language.
 */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  const apiMessage = useApiMessage();
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {apiMessage(message)}
    </p>
  );
}
