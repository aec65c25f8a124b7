import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useNavigate, useNavigation } from "react-router";
import { isMedium, MEDIUMS, type Medium, STANDARDS } from "../../domain/catalog.ts";
import { formField } from "../../domain/form-data.ts";
import { isSubjectKey, parseSubjectPath, SUBJECTS, subjectByKey, subjectPath } from "../../domain/subjects.ts";
import { LABEL_CLASS } from "../site/field-styles";
import { useLocale, useT } from "../site/i18n";
import { LoaderAnimation } from "../site/loader-animation";
import { rememberMedium } from "../site/medium";
import { useRootData } from "../site/root-data";
import { useSubjectName } from "../site/subject-name";

export interface PaperFormErrors {
  medium?: string;
  subject?: string;
}
export interface PaperFormValues {
  medium: string;
  subject: string;
}

/** Catalog keys of the form's messages: the loader (no JavaScript) and the page give the same ones. */
const PAPER_FORM_MESSAGES = {
  medium: "home.form.errors.medium",
  subject: "home.form.errors.subject",
} as const;

/** Spec §5 "Home form": Medium is required (the 'Medium' placeholder is no choice); Subject too, or there is nowhere to go. */
export function validatePaperForm(values: PaperFormValues): PaperFormErrors {
  const errors: PaperFormErrors = {};
  if (!isMedium(values.medium)) errors.medium = PAPER_FORM_MESSAGES.medium;
  if (!isSubjectKey(values.subject)) errors.subject = PAPER_FORM_MESSAGES.subject;
  return errors;
}

const selectClass =
  "w-full rounded-lg border border-slate-400 bg-white px-3 py-2.5 text-slate-900 outline-none focus:border-indigo-700 focus:ring-2 focus:ring-indigo-200 aria-[invalid=true]:border-red-600 max-sm:py-2";

/**
 * The hero's paper finder. A plain GET form to `/`, whose loader validates and redirects, so it
 * works without JavaScript; with JavaScript it validates in place, remembers the medium and
 * navigates on the client: to the subject page, or, signed in, through the home page's loader, which also stores
 * the medium on the account (decision 029).
 */
export function HomePaperForm({
  initialValues,
  initialErrors,
}: {
  initialValues: PaperFormValues;
  initialErrors: PaperFormErrors;
}) {
  const id = useId();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const mediumRef = useRef<HTMLSelectElement>(null);
  const subjectRef = useRef<HTMLSelectElement>(null);
  const [errors, setErrors] = useState<PaperFormErrors>(initialErrors);
  const t = useT();
  const { path } = useLocale();
  const subjectName = useSubjectName();
  const { user } = useRootData();

  // With JavaScript our inline messages replace the browser's validation bubbles.
  useEffect(() => {
    if (formRef.current) formRef.current.noValidate = true;
  }, []);

  // On the way to a subject page (the form's own navigation), not to a model paper under one.
  const target = navigation.state === "loading" ? parseSubjectPath(navigation.location.pathname) : null;
  const going = target !== null && target.paperId === undefined;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = { medium: formField(form, "medium"), subject: formField(form, "subject") };
    const found = validatePaperForm(values);
    setErrors(found);
    if (found.medium) return mediumRef.current?.focus();
    if (found.subject) return subjectRef.current?.focus();
    rememberMedium(values.medium as Medium);
    if (!isSubjectKey(values.subject)) return;
    navigate(user ? `${path("/")}?${new URLSearchParams(values)}` : path(subjectPath(subjectByKey(values.subject))));
  };

  const clearError = (field: keyof PaperFormErrors) => {
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  return (
    <form
      ref={formRef}
      method="get"
      action={path("/")}
      onSubmit={onSubmit}
      aria-labelledby={`${id}-title`}
      className="w-full rounded-2xl bg-white p-5 text-slate-900 shadow-xl max-sm:p-4 sm:max-w-md"
    >
      <h2 id={`${id}-title`} className="text-lg font-bold text-indigo-900 max-sm:text-base">
        {t("home.form.title")}
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-700 max-sm:mb-3">{t("home.form.intro")}</p>
      <div className="grid gap-4 max-sm:grid-cols-[5.5rem_minmax(0,1fr)] max-sm:gap-3">
        <div>
          <label htmlFor={`${id}-standard`} className={LABEL_CLASS}>
            {t("home.form.standard")}
          </label>
          <select id={`${id}-standard`} name="standard" defaultValue="10" className={selectClass}>
            {STANDARDS.map((s) => (
              <option key={s.key} value={s.key}>
                {t("home.form.standard10")}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-medium`} className={LABEL_CLASS}>
            {t("home.form.medium")} <span aria-hidden="true">*</span>
          </label>
          <select
            ref={mediumRef}
            id={`${id}-medium`}
            name="medium"
            required
            defaultValue={initialValues.medium}
            aria-invalid={errors.medium ? true : undefined}
            aria-describedby={errors.medium ? `${id}-medium-error` : undefined}
            onChange={() => clearError("medium")}
            className={selectClass}
          >
            <option value="">{t("home.form.medium")}</option>
            {MEDIUMS.map((m) => (
              <option key={m} value={m}>
                {t(`common.medium.${m}`)}
              </option>
            ))}
          </select>
          {errors.medium ? (
            <p id={`${id}-medium-error`} className="mt-1 text-sm font-medium text-red-700">
              {t(errors.medium)}
            </p>
          ) : null}
        </div>
        <div className="max-sm:col-span-2">
          <label htmlFor={`${id}-subject`} className={LABEL_CLASS}>
            {t("home.form.subject")} <span aria-hidden="true">*</span>
          </label>
          <select
            ref={subjectRef}
            id={`${id}-subject`}
            name="subject"
            required
            defaultValue={initialValues.subject}
            aria-invalid={errors.subject ? true : undefined}
            aria-describedby={errors.subject ? `${id}-subject-error` : undefined}
            onChange={() => clearError("subject")}
            className={selectClass}
          >
            <option value="">{t("home.form.subject")}</option>
            {SUBJECTS.map((s) => (
              <option key={s.key} value={s.key}>
                {subjectName(s)}
              </option>
            ))}
          </select>
          {errors.subject ? (
            <p id={`${id}-subject-error`} className="mt-1 text-sm font-medium text-red-700">
              {t(errors.subject)}
            </p>
          ) : null}
        </div>
      </div>
      <button
        type="submit"
        disabled={going}
        className="mt-5 w-full rounded-lg bg-amber-500 py-3 font-bold text-slate-900 hover:bg-amber-400 disabled:cursor-wait disabled:opacity-75 max-sm:mt-4 max-sm:py-2.5"
      >
        {t("home.form.submit")}
      </button>
      {going ? <LoaderAnimation /> : null}
    </form>
  );
}
