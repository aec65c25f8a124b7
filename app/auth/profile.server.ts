/**
 * The profile page's loader and actions (issue 26): plain form posts with an `intent`, so every part works without
 * JavaScript. They call the same functions as the API (server/auth/profile.server.ts).
 */
import { data, type RouterContextProvider, redirect } from "react-router";
import {
  changePasswordSchema,
  deleteAccountSchema,
  detailsSchema,
  emailChangeSchema,
  phoneChangeSchema,
} from "../../domain/auth.ts";
import { isMedium } from "../../domain/catalog.ts";
import { languageCookie, mediumCookie } from "../../domain/cookies.ts";
import { formField } from "../../domain/form-data.ts";
import { formatDay, indianDay, isLocale, type Locale, localeFromPath, localizePath } from "../../domain/i18n.ts";
import { fieldErrors } from "../../domain/validation.ts";
import { changePhone, requestEmailChange } from "../../server/auth/contact-change.server.ts";
import {
  changePassword,
  deleteAccount,
  listDevices,
  readProfile,
  signOutEverywhere,
  updateDetails,
} from "../../server/auth/profile.server.ts";
import { currentSessionHash, destroySession } from "../../server/auth/session.server.ts";
import { examDayProblem, setExamDay, yearExamDay } from "../../server/reviews/notebook.server.ts";
import { expressRequestContext, servicesContext } from "../context";
import { formRefusal } from "../requests/refusal.server";
import { requireUser } from "../requests/session.server";
import { orUnavailable } from "../requests/unavailable.server";

type Context = Readonly<RouterContextProvider>;

/** A day as the student's calendar has it (India), in the page's language. */
function dayOf(locale: Locale, date: Date): string {
  return formatDay(locale, indianDay(date));
}

export async function profileLoader(context: Context, url: URL) {
  const user = await requireUser(context, url);
  const services = context.get(servicesContext);
  const locale = localeFromPath(url.pathname);
  const hash = currentSessionHash(context.get(expressRequestContext)) ?? "";
  const [profile, devices] = await orUnavailable(() =>
    Promise.all([readProfile(services, user.id), listDevices(services, user.id, hash)]),
  );
  // Deleted a moment ago in another tab: the session went with it.
  if (!profile) throw redirect(localizePath("/login", locale));
  return {
    profile: {
      name: profile.name,
      email: profile.email,
      phone: `+${profile.phone.slice(0, 2)} ${profile.phone.slice(2)}`,
      role: profile.role,
      medium: profile.medium,
      examDay: profile.examDay,
      // The account's language; an account from before has the page's until it saves one.
      locale: profile.locale ?? locale,
      // The date an empty field stands for: the year's SSC date (issue 27).
      boardExamDay: formatDay(locale, await orUnavailable(() => yearExamDay(services, indianDay(new Date())))),
      since: dayOf(locale, profile.createdAt),
    },
    // Back from saving another language (the profile in it): the details were saved.
    saved: url.searchParams.get("saved") === "1",
    devices: devices.map((device) => ({
      id: device.id,
      signedIn: dayOf(locale, device.signedInAt),
      current: device.current,
    })),
  };
}

export type ProfileIntent = "details" | "email" | "phone" | "password" | "sign-out-everywhere" | "delete";
const INTENTS: readonly ProfileIntent[] = ["details", "email", "phone", "password", "sign-out-everywhere", "delete"];

export interface ProfileResult {
  intent: ProfileIntent;
  ok: boolean;
  /** A catalog key under `account.profile.` for the section's own message, or an API message (a 429's). */
  message: string | null;
  errors: Record<string, string>;
  values?: Record<string, string>;
}

export async function profileAction(context: Context, request: Request, url: URL) {
  const user = await requireUser(context, url);
  const req = context.get(expressRequestContext);
  const services = context.get(servicesContext);
  const locale = localeFromPath(url.pathname);
  const form = await request.formData();
  const raw = formField(form, "intent");
  const intent = INTENTS.find((known) => known === raw) ?? "details";
  const answer = (
    result: Omit<ProfileResult, "intent" | "errors"> & { errors?: Record<string, string> },
    status = 200,
  ) => data<ProfileResult>({ intent, errors: {}, ...result }, { status });
  try {
    if (intent === "details") {
      const values = {
        name: formField(form, "name").trim(),
        role: formField(form, "role"),
        medium: formField(form, "medium"),
        exam_day: formField(form, "exam_day").trim(),
        locale: formField(form, "locale"),
      };
      const parsed = detailsSchema.safeParse({ name: values.name, role: values.role ? Number(values.role) : null });
      // The medium that follows the account (decision 029): one of the select's, or none.
      const medium = isMedium(values.medium) ? values.medium : null;
      const errors = parsed.success ? {} : fieldErrors(parsed.error);
      if (values.medium && !medium) errors.medium = "mediumUnknown";
      // The account's language (issue 26): the site opens in it at sign-in; absent, the account keeps its own.
      const accountLocale = isLocale(values.locale) ? values.locale : undefined;
      // The exam date the review is spaced to (issue 27): empty follows the year's date.
      const examProblem = values.exam_day ? examDayProblem(values.exam_day, indianDay(new Date())) : null;
      if (examProblem) errors.exam_day = examProblem;
      if (!parsed.success || errors.medium || errors.exam_day) {
        return answer({ ok: false, message: null, errors, values }, 400);
      }
      await orUnavailable(async () => {
        await updateDetails(services, user.id, {
          ...parsed.data,
          medium,
          ...(accountLocale ? { locale: accountLocale } : {}),
        });
        await setExamDay(services, user.id, values.exam_day || null);
      });
      // This device follows at once; the others at their next sign-in.
      const headers = new Headers();
      if (medium) headers.append("Set-Cookie", mediumCookie(medium, services.config.https));
      if (accountLocale) headers.append("Set-Cookie", languageCookie(accountLocale, services.config.https));
      // Another language: the profile in it, where the saved details show.
      if (accountLocale && accountLocale !== locale) {
        throw redirect(localizePath("/profile?saved=1", accountLocale), { headers });
      }
      return data<ProfileResult>({ intent, errors: {}, ok: true, message: "detailsSaved" }, { headers });
    }
    if (intent === "email") {
      const values = { email: formField(form, "email").trim() };
      const parsed = emailChangeSchema.safeParse({ email: values.email, password: formField(form, "password") });
      if (!parsed.success) return answer({ ok: false, message: null, errors: fieldErrors(parsed.error), values }, 400);
      const outcome = await orUnavailable(() =>
        requestEmailChange(services, user.id, parsed.data.password, parsed.data.email, locale),
      );
      if (outcome === "sent") return answer({ ok: true, message: null, values });
      const errors: Record<string, string> =
        outcome === "wrong-password"
          ? { password: "wrongPassword" }
          : { email: outcome === "same" ? "sameEmail" : "emailTaken" };
      return answer({ ok: false, message: null, errors, values }, outcome === "taken" ? 409 : 400);
    }
    if (intent === "phone") {
      const values = { phone: formField(form, "phone").trim() };
      const parsed = phoneChangeSchema.safeParse({ phone: values.phone, password: formField(form, "password") });
      if (!parsed.success) return answer({ ok: false, message: null, errors: fieldErrors(parsed.error), values }, 400);
      const outcome = await orUnavailable(() =>
        changePhone(services, user.id, parsed.data.password, parsed.data.phone),
      );
      if (outcome === "changed") return answer({ ok: true, message: "phoneChanged" });
      const errors: Record<string, string> =
        outcome === "wrong-password" ? { password: "wrongPassword" } : { phone: "phoneTaken" };
      return answer({ ok: false, message: null, errors, values }, outcome === "taken" ? 409 : 400);
    }
    if (intent === "password") {
      const password = formField(form, "password");
      const parsed = changePasswordSchema.safeParse({ current: formField(form, "current"), password });
      if (!parsed.success) return answer({ ok: false, message: null, errors: fieldErrors(parsed.error) }, 400);
      if (password !== formField(form, "confirm")) {
        return answer({ ok: false, message: null, errors: { confirm: "mismatch" } }, 400);
      }
      const hash = currentSessionHash(req) ?? "";
      const changed = await orUnavailable(() =>
        changePassword(services, user.id, hash, parsed.data.current, parsed.data.password),
      );
      if (!changed) return answer({ ok: false, message: null, errors: { current: "wrongPassword" } }, 400);
      return answer({ ok: true, message: "passwordChanged" });
    }
    if (intent === "sign-out-everywhere") {
      await orUnavailable(() => signOutEverywhere(services, user.id));
      const cookie = await orUnavailable(() => destroySession(req));
      throw redirect(localizePath("/login?tab=sign_in", locale), { headers: { "Set-Cookie": cookie } });
    }
    const parsed = deleteAccountSchema.safeParse({
      password: formField(form, "password"),
      confirm: formField(form, "confirm") === "yes",
    });
    if (!parsed.success) return answer({ ok: false, message: null, errors: fieldErrors(parsed.error) }, 400);
    const deleted = await orUnavailable(() => deleteAccount(services, user.id, parsed.data.password));
    if (!deleted) return answer({ ok: false, message: null, errors: { password: "wrongPassword" } }, 400);
    const cookie = await orUnavailable(() => destroySession(req));
    throw redirect(localizePath("/?deleted=1", locale), { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    return formRefusal<ProfileResult>(error, (refusal) => ({
      intent,
      ok: false,
      message: refusal.message,
      errors: {},
    }));
  }
}
