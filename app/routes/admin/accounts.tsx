import { Form } from "react-router";
import { ROLES, resetRequestSchema } from "../../../domain/auth.ts";
import { formField } from "../../../domain/form-data.ts";
import { fieldErrors } from "../../../domain/validation.ts";
import { adminResetLink, findAccountFor } from "../../../server/auth/password-reset.server.ts";
import { listOutbox } from "../../../server/mail/mail.server.ts";
import { adminAction, adminPage, NO_STORE } from "../../admin/admin.server";
import {
  AdminNotice,
  AdminTitle,
  adminMeta,
  BUTTON,
  FilterForm,
  INPUT,
  LABEL,
  LINK,
  TableHead,
  TableRegion,
  TD,
  When,
} from "../../admin/ui";
import { orUnavailable } from "../../requests/unavailable.server";
import type { Route } from "./+types/accounts";

/**
 * Accounts (issue 26): look a student up by phone or email, and make a password-reset link to read out to one who
 * cannot reach the account's email (audit-logged). Without SMTP, the outbox's newest emails, so that an
 * operator on one machine can pass a link on.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { services } = adminPage(context);
  const who = url.searchParams.get("who")?.trim() ?? "";
  const parsed = who ? resetRequestSchema.safeParse({ email_or_phone: who }) : null;
  const account =
    parsed?.success === true ? await orUnavailable(() => findAccountFor(services, parsed.data.email_or_phone)) : null;
  const outbox = services.mailer.mode === "outbox" ? await listOutbox(services.config.dataDir, 20) : null;
  return {
    who,
    error: parsed && !parsed.success ? (fieldErrors(parsed.error).email_or_phone ?? null) : null,
    account: account
      ? {
          id: account.id,
          name: account.name,
          email: account.email,
          phone: account.phone,
          role: ROLES.find((r) => r.value === account.role)?.label ?? "Not given",
          createdAt: account.createdAt.toISOString(),
          consentAskedAt: account.consentAskedAt?.toISOString() ?? null,
        }
      : null,
    outbox: outbox?.map((entry) => ({ ...entry, at: entry.at.toISOString() })) ?? null,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const userId = formField(form, "userId");
  const locale = formField(form, "lang") === "mr" ? "mr" : "en";
  return adminAction(context, "reset-link", async ({ admin, services }) => {
    const made = await adminResetLink(services, admin, userId, locale);
    if ("refused" in made)
      return {
        ok: false,
        intent: "reset-link",
        message:
          made.refused === "missing"
            ? "That account no longer exists."
            : "This account waits for a parent's consent: a new password would not let the student in. Ask the parent to open the consent email, or the student to change the parent's email at /parent-email.",
      };
    return {
      ok: true,
      intent: "reset-link",
      message: "Read this link out to the student. It works once, for 30 minutes, and is in the audit log.",
      link: made.link,
      expiresAt: made.expiresAt.toISOString(),
    };
  });
}

export function headers() {
  return NO_STORE;
}

export function meta() {
  return adminMeta("Accounts");
}

export default function Accounts({ loaderData, actionData }: Route.ComponentProps) {
  const { who, error, account, outbox } = loaderData;
  const made = actionData?.ok && "link" in actionData ? actionData : null;
  return (
    <>
      <AdminTitle title="Accounts" />
      <AdminNotice result={actionData} />
      {made ? (
        <p className="mb-4 rounded-lg border border-slate-300 bg-white p-3 font-mono text-sm break-all">
          <a href={made.link} className={LINK}>
            {made.link}
          </a>
        </p>
      ) : null}
      <FilterForm legend="Find a student" submitLabel="Find" clearTo={who ? "/admin/accounts" : null}>
        <label htmlFor="accounts-who" className={LABEL}>
          Phone number or email
        </label>
        <input
          id="accounts-who"
          name="who"
          type="text"
          defaultValue={who}
          maxLength={254}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "accounts-who-error" : undefined}
          className={INPUT}
        />
        {error ? (
          <p id="accounts-who-error" className="mt-1 text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </FilterForm>
      {who && !error && !account ? (
        <p className="mb-4 rounded-xl border border-slate-200 bg-white p-4 text-slate-800">No account has {who}.</p>
      ) : null}
      {account ? (
        <section aria-label="Account" className="mb-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold">Name</dt>
            <dd>{account.name}</dd>
            <dt className="font-semibold">Phone</dt>
            <dd>+{account.phone}</dd>
            <dt className="font-semibold">Email</dt>
            <dd className="break-all">{account.email}</dd>
            <dt className="font-semibold">Role</dt>
            <dd>{account.role}</dd>
            <dt className="font-semibold">Since</dt>
            <dd>
              <When iso={account.createdAt} />
            </dd>
            {account.consentAskedAt ? (
              <>
                <dt className="font-semibold">Parent's consent</dt>
                <dd>
                  Waiting since <When iso={account.consentAskedAt} />; the account is deleted 7 days after that without
                  it
                </dd>
              </>
            ) : null}
          </dl>
          <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
            <input type="hidden" name="userId" value={account.id} />
            <div>
              <label htmlFor="accounts-lang" className={LABEL}>
                Page language
              </label>
              <select id="accounts-lang" name="lang" className={INPUT} defaultValue="en">
                <option value="en">English</option>
                <option value="mr">Marathi</option>
              </select>
            </div>
            <button type="submit" className={BUTTON}>
              Make a reset link
            </button>
          </Form>
        </section>
      ) : null}
      {outbox ? (
        <>
          <h2 className="mb-2 text-lg font-bold text-indigo-950">Emails in the outbox</h2>
          <p className="mb-3 text-slate-700">
            No mail server is set (SMTP_URL and MAIL_FROM), so emails are kept here, newest first.
          </p>
          {outbox.length === 0 ? (
            <p className="rounded-xl border border-slate-200 bg-white p-4 text-slate-800">No emails yet.</p>
          ) : (
            <TableRegion label="Emails in the outbox">
              <table className="w-full text-sm">
                <TableHead columns={["Written", "To", "Subject", "Link"]} />
                <tbody>
                  {outbox.map((entry) => (
                    <tr key={entry.file}>
                      <td className={TD}>
                        <When iso={entry.at} />
                      </td>
                      <td className={`${TD} break-all`}>{entry.to}</td>
                      <td className={TD}>{entry.subject}</td>
                      <td className={`${TD} break-all`}>
                        {entry.link ? (
                          <a href={entry.link} className={LINK}>
                            {entry.link}
                          </a>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
          )}
        </>
      ) : null}
    </>
  );
}
