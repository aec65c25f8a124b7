import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from "react";
import {
  COUNTRY_PREFIX,
  isEmail,
  MESSAGES,
  normaliseEmailOrPhone,
  PASSWORD_MIN,
  phoneInput,
  phoneProblem,
  ROLES,
  tooManyAttemptsMessage,
} from "../../domain/auth-rules.ts";
import { NetworkError, postJson, useApiMessage } from "../site/api";
import { useLocale, useT } from "../site/i18n";
import { FieldError, INPUT_CLASS, LABEL_CLASS, PasswordField, TextField } from "./form-fields";

export type AuthTab = "sign_up" | "sign_in";
export interface AuthUser {
  user_id: string;
  name: string;
  /** The account's language (issue 26), which the site follows after sign-in. */
  locale?: string | null;
}

/**
 * What the /login page's action answered to a form posted without JavaScript: the tab, the values
 * to show again (never the password), and the messages.
 */
export interface AuthFormResult {
  intent: AuthTab;
  values: Record<string, string>;
  errors: Record<string, string>;
  formError: string | null;
  /** Signed up under 18: the parent's email, masked, which was asked for consent (decision 028). */
  waitingFor?: string;
}

/** As typed (spec §5): a short password is flagged while typing, an empty one only on submit. */
function passwordProblem(value: string): string | undefined {
  return value.length > 0 && value.length < PASSWORD_MIN ? MESSAGES.shortPassword : undefined;
}

/** Moves focus to the first field with an error, so a keyboard or screen-reader user lands on it. */
function focusFirstError(idPrefix: string, found: Record<string, string | undefined>): boolean {
  const firstInvalid = Object.entries(found).find(([, message]) => message)?.[0];
  if (firstInvalid) document.getElementById(`${idPrefix}-${firstInvalid}`)?.focus();
  return firstInvalid !== undefined;
}

/** The form's alert for an API answer: English from the rules, or a catalog key (`auth.…`). */
function serverMessage(status: number, message: string, retryAfter: number | null): string {
  if (status === 429) return tooManyAttemptsMessage(retryAfter);
  // Under 18 and the parent has not agreed yet: they were emailed again (decision 028).
  if (status === 403) return "auth.consentWaiting";
  if (status >= 500) return "auth.serverError";
  return message;
}

function rememberUser(user: AuthUser) {
  // Kept for clients that read it (spec §3); the server never trusts it.
  try {
    localStorage.setItem("user_id", user.user_id);
  } catch {
    // Storage may be disabled; the session cookie is what counts.
  }
}

/**
 * Sign Up / Sign In card (spec §2 "Login page", §4, §5). Used on /login and as the
 * sign-in dialog on subject pages. With JavaScript the forms call the JSON API; without it they
 * post to the /login page's action (`formAction`), and the tabs are links, so both work anyway.
 */
export function AuthCard({
  onSuccess,
  initialTab = "sign_up",
  formAction = "/login",
  result,
}: {
  onSuccess?: (user: AuthUser) => void;
  initialTab?: AuthTab;
  formAction?: string;
  result?: AuthFormResult | undefined;
}) {
  const [tab, setTab] = useState<AuthTab>(result?.intent ?? initialTab);
  const id = useId();
  const tabRefs = { sign_up: useRef<HTMLAnchorElement>(null), sign_in: useRef<HTMLAnchorElement>(null) };
  const t = useT();
  const tabs: Array<{ key: AuthTab; label: string }> = [
    { key: "sign_up", label: t("auth.signUp") },
    { key: "sign_in", label: t("auth.signIn") },
  ];

  const onTabKey = (event: KeyboardEvent<HTMLAnchorElement>) => {
    if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
    event.preventDefault();
    const next: AuthTab =
      event.key === "Home" ? "sign_up" : event.key === "End" ? "sign_in" : tab === "sign_up" ? "sign_in" : "sign_up";
    setTab(next);
    tabRefs[next].current?.focus();
  };

  const resultFor = (intent: AuthTab) => (result?.intent === intent ? result : undefined);
  const done = (user: AuthUser) => {
    rememberUser(user);
    onSuccess?.(user);
  };

  return (
    <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-5 shadow-lg sm:p-6">
      <div role="tablist" aria-label={t("auth.account")} className="mb-5 grid grid-cols-2 rounded-xl bg-slate-100 p-1">
        {tabs.map((item) => (
          <a
            key={item.key}
            ref={tabRefs[item.key]}
            href={withQuery(formAction, "tab", item.key)}
            role="tab"
            id={`${id}-${item.key}-tab`}
            aria-selected={tab === item.key}
            aria-controls={`${id}-${item.key}-panel`}
            tabIndex={tab === item.key ? 0 : -1}
            onClick={(event) => {
              event.preventDefault();
              setTab(item.key);
            }}
            onKeyDown={onTabKey}
            className={`rounded-lg py-2 text-center font-semibold ${tab === item.key ? "bg-white text-indigo-800 shadow" : "text-slate-700"}`}
          >
            {item.label}
          </a>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-sign_up-panel`} aria-labelledby={`${id}-sign_up-tab`} hidden={tab !== "sign_up"}>
        {tab === "sign_up" ? (
          <SignUpForm idPrefix={`${id}-up`} onSuccess={done} action={formAction} result={resultFor("sign_up")} />
        ) : null}
      </div>
      <div role="tabpanel" id={`${id}-sign_in-panel`} aria-labelledby={`${id}-sign_in-tab`} hidden={tab !== "sign_in"}>
        {tab === "sign_in" ? (
          <SignInForm idPrefix={`${id}-in`} onSuccess={done} action={formAction} result={resultFor("sign_in")} />
        ) : null}
      </div>
    </div>
  );
}

/** `path` with one query parameter set, keeping the others (such as redirectTo). */
function withQuery(path: string, name: string, value: string): string {
  const [base, query = ""] = path.split("?", 2);
  const params = new URLSearchParams(query);
  params.set(name, value);
  return `${base}?${params}`;
}

/** Without JavaScript the form posts to the page's action; this says which form it was. */
function IntentField({ intent }: { intent: AuthTab }) {
  return <input type="hidden" name="intent" value={intent} />;
}

function useSubmitState(initialError: string | null) {
  const [pending, setPending] = useState(false);
  const [formError, setFormError] = useState<string | null>(initialError);
  const inFlight = useRef(false);
  /** One request at a time, whatever the user taps. */
  const run = async (work: () => Promise<void>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    setFormError(null);
    try {
      await work();
    } catch (error) {
      setFormError(error instanceof NetworkError ? MESSAGES.network : "auth.unexpectedError");
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  };
  return { pending, formError, setFormError, run };
}

/** The form's alert: a catalog key of ours (`auth.…`) or an API message, in the page's language. */
function FormAlert({ message }: { message: string | null }) {
  const apiMessage = useApiMessage();
  return (
    <div role="alert" className={message ? "rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800" : ""}>
      {message && apiMessage(message)}
    </div>
  );
}

function SubmitButton({ pending, label, pendingLabel }: { pending: boolean; label: string; pendingLabel: string }) {
  return (
    <button
      type="submit"
      disabled={pending}
      aria-disabled={pending}
      className="flex w-full items-center justify-center gap-2 rounded-lg bg-indigo-700 py-3 font-semibold text-white hover:bg-indigo-800 disabled:cursor-wait disabled:opacity-75"
    >
      {pending ? (
        <span
          aria-hidden="true"
          className="h-4 w-4 animate-spin rounded-full border-2 border-white border-t-transparent motion-reduce:animate-none"
        />
      ) : null}
      {pending ? pendingLabel : label}
    </button>
  );
}

interface FormProps {
  idPrefix: string;
  onSuccess: (user: AuthUser) => void;
  action: string;
  result: AuthFormResult | undefined;
}

function SignUpForm({ idPrefix, onSuccess, action, result }: FormProps) {
  const [values, setValues] = useState({
    name: result?.values.name ?? "",
    phone: result?.values.phone ?? "",
    email: result?.values.email ?? "",
    role: result?.values.role ?? "",
    under_18: result?.values.under_18 ?? "",
    parent_email: result?.values.parent_email ?? "",
    password: "",
  });
  // Signed up under 18: the parent's email (masked) that was asked to agree (decision 028).
  const [waitingFor, setWaitingFor] = useState(result?.waitingFor);
  const [errors, setErrors] = useState<Record<string, string | undefined>>(result?.errors ?? {});
  const { pending, formError, setFormError, run } = useSubmitState(result?.formError ?? null);
  const t = useT();
  const { locale } = useLocale();

  const set = (field: keyof typeof values, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: liveError(field, value) }));
  };
  const liveError = (field: string, value: string): string | undefined => {
    if (field === "email") return value && !isEmail(value.trim()) ? MESSAGES.invalidEmail : undefined;
    if (field === "password") return passwordProblem(value);
    return undefined;
  };

  const under18 = values.under_18 === "yes";
  if (waitingFor) {
    return (
      <p role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-950">
        {t("auth.consentAsked", { email: waitingFor })}
      </p>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string | undefined> = {
      name: values.name.trim() ? undefined : MESSAGES.nameRequired,
      phone: phoneProblem(values.phone) ?? undefined,
      email: isEmail(values.email.trim()) ? undefined : MESSAGES.invalidEmail,
      password: values.password.length >= PASSWORD_MIN ? undefined : MESSAGES.shortPassword,
      under_18: values.under_18 ? undefined : "auth.under18Required",
      // The API also refuses the student's own email (rare: its English message then shows as it is).
      parent_email: under18 && !isEmail(values.parent_email.trim()) ? "auth.parentEmailRequired" : undefined,
    };
    setErrors(found);
    if (focusFirstError(idPrefix, found)) return;
    void run(async () => {
      const result = await postJson<AuthUser & { parent_email: string }>("/api/v1/signup", {
        name: values.name.trim(),
        email: values.email.trim(),
        phone: `${COUNTRY_PREFIX}${values.phone}`,
        password: values.password,
        ...(values.role ? { role: Number(values.role) } : {}),
        // The account's language: its emails are in it (issue 26).
        lang: locale,
        under_18: under18,
        // Read only for someone under 18.
        parent_email: values.parent_email.trim(),
      });
      if (result.status === 202 && result.data) return setWaitingFor(result.data.parent_email);
      if (result.ok && result.data) return onSuccess(result.data);
      if (result.status === 400 || result.status === 409) setErrors((e) => ({ ...e, ...result.errors }));
      setFormError(serverMessage(result.status, result.message, result.retryAfter));
    });
  };

  const field = (name: "name" | "phone" | "email" | "parent_email") => ({
    id: `${idPrefix}-${name}`,
    name,
    value: values[name],
    error: errors[name],
    required: true,
  });

  return (
    <form
      method="post"
      action={action}
      noValidate
      onSubmit={submit}
      className="space-y-4"
      aria-label={t("auth.signUpLabel")}
    >
      <IntentField intent="sign_up" />
      <TextField
        {...field("name")}
        label={t("auth.name")}
        autoComplete="name"
        maxLength={100}
        onChange={(e) => set("name", e.target.value)}
      />
      <TextField
        {...field("phone")}
        label={t("auth.phone")}
        prefix={`+${COUNTRY_PREFIX}`}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        placeholder={t("auth.phonePlaceholder")}
        onChange={(e) => set("phone", phoneInput(e.target.value))}
      />
      <TextField
        {...field("email")}
        label={t("auth.email")}
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={254}
        onChange={(e) => set("email", e.target.value)}
      />
      <div>
        <label htmlFor={`${idPrefix}-role`} className={LABEL_CLASS}>
          {t("auth.role")} <span className="font-normal text-slate-600">{t("auth.optional")}</span>
        </label>
        <select
          id={`${idPrefix}-role`}
          name="role"
          value={values.role}
          onChange={(e) => set("role", e.target.value)}
          className={INPUT_CLASS}
        >
          <option value="">{t("auth.selectRole")}</option>
          {ROLES.map((r) => (
            <option key={r.value} value={r.value}>
              {t(`auth.roles.r${r.value}`)}
            </option>
          ))}
        </select>
      </div>
      {/* Decision 028: under 18, a parent agrees before the account starts. Radios post without JavaScript. */}
      <fieldset>
        <legend className={LABEL_CLASS}>{t("auth.under18.question")}</legend>
        <div id={`${idPrefix}-under_18`} tabIndex={-1} className="flex flex-wrap gap-x-6">
          {["yes", "no"].map((answer) => (
            <label key={answer} className="flex items-center gap-2 py-2">
              <input
                type="radio"
                name="under_18"
                value={answer}
                checked={values.under_18 === answer}
                onChange={() => set("under_18", answer)}
                className="h-5 w-5"
              />
              {t(`auth.under18.${answer}`)}
            </label>
          ))}
        </div>
        <FieldError id={`${idPrefix}-under_18-error`} message={errors.under_18} />
      </fieldset>
      {/* Shown until "no" is chosen, so that a form posted without JavaScript has it too. */}
      {values.under_18 !== "no" ? (
        <TextField
          {...field("parent_email")}
          label={t("auth.parentEmail")}
          type="email"
          inputMode="email"
          maxLength={254}
          onChange={(e) => set("parent_email", e.target.value)}
        />
      ) : null}
      <PasswordField
        id={`${idPrefix}-password`}
        name="password"
        label={t("auth.password")}
        autoComplete="new-password"
        value={values.password}
        error={errors.password}
        onChange={(v) => set("password", v)}
      />
      <FormAlert message={formError} />
      <SubmitButton pending={pending} label={t("auth.signUp")} pendingLabel={t("auth.signingUp")} />
    </form>
  );
}

function SignInForm({ idPrefix, onSuccess, action, result }: FormProps) {
  const [who, setWho] = useState(result?.values.email_or_phone ?? "");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, string | undefined>>(result?.errors ?? {});
  const { pending, formError, setFormError, run } = useSubmitState(result?.formError ?? null);
  const t = useT();
  const { path } = useLocale();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = who.trim();
    const found: Record<string, string | undefined> = {
      // The same rule and message as the API's (domain/auth-rules.ts).
      email_or_phone: !trimmed
        ? MESSAGES.emailOrPhoneRequired
        : normaliseEmailOrPhone(trimmed)
          ? undefined
          : MESSAGES.emailOrPhoneInvalid,
      password: password.length >= PASSWORD_MIN ? undefined : MESSAGES.shortPassword,
    };
    setErrors(found);
    if (focusFirstError(idPrefix, found)) return;
    void run(async () => {
      // The server applies the spec's 91-prefix rule to the raw value; we send what was typed.
      const result = await postJson<AuthUser>("/api/v1/login", { email_or_phone: trimmed, password });
      if (result.ok && result.message === MESSAGES.loggedIn && result.data) return onSuccess(result.data);
      if (result.status === 401) return setFormError(MESSAGES.invalidCredentials);
      if (result.status === 400) setErrors((e) => ({ ...e, ...result.errors }));
      setFormError(serverMessage(result.status, result.message, result.retryAfter));
    });
  };

  return (
    <form
      method="post"
      action={action}
      noValidate
      onSubmit={submit}
      className="space-y-4"
      aria-label={t("auth.signInLabel")}
    >
      <IntentField intent="sign_in" />
      <TextField
        id={`${idPrefix}-email_or_phone`}
        name="email_or_phone"
        label={t("auth.emailOrPhone")}
        error={errors.email_or_phone}
        autoComplete="username"
        maxLength={254}
        required
        value={who}
        onChange={(e) => {
          setWho(e.target.value);
          setErrors((er) => ({ ...er, email_or_phone: undefined }));
        }}
      />
      <PasswordField
        id={`${idPrefix}-password`}
        name="password"
        label={t("auth.password")}
        autoComplete="current-password"
        value={password}
        error={errors.password}
        onChange={(v) => {
          setPassword(v);
          setErrors((e) => ({ ...e, password: passwordProblem(v) }));
        }}
      />
      <FormAlert message={formError} />
      {/* Waiting for a parent who may never get the email (a mistyped address): send it elsewhere (decision 028). */}
      {formError === "auth.consentWaiting" ? (
        <a href={path("/parent-email")} className="inline-block py-1 font-semibold text-indigo-800 underline">
          {t("auth.changeParentEmail")}
        </a>
      ) : null}
      <SubmitButton pending={pending} label={t("auth.signIn")} pendingLabel={t("auth.signingIn")} />
      {/* A plain link, so that it works before the scripts and in the sign-in dialog alike (issue 26). */}
      <a
        href={path("/forgot-password")}
        className="justify-self-start py-1 text-sm font-semibold text-indigo-800 underline"
      >
        {t("auth.forgotPassword")}
      </a>
    </form>
  );
}
