/**
 * Making and unmaking admins (`npm run admin:create`, issue 15). Only this sets `users.admin`: sign-up
 * never does. A new account passes the sign-up rules (domain/auth.ts), and its password is hashed as
 * sign-up hashes it.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { signupSchema } from "../../domain/auth.ts";
import { fieldErrors } from "../../domain/validation.ts";
import { accountNamed } from "../auth/accounts.server.ts";
import { hashPassword } from "../auth/passwords.server.ts";
import { users } from "../db/schema.ts";
import type { Services } from "../services.server.ts";

export interface AdminRequest {
  email?: string | undefined;
  phone?: string | undefined;
  name?: string | undefined;
  password?: string | undefined;
  /** Take the admin flag away instead of giving it. */
  demote?: boolean;
}

export type AdminOutcome =
  | { ok: true; change: "created" | "promoted" | "demoted" | "unchanged"; message: string; userId: string }
  | { ok: false; message: string };

/** The name a new admin account gets when none is given. */
export const DEFAULT_ADMIN_NAME = "Admin";

function refuse(message: string): AdminOutcome {
  return { ok: false, message };
}

/** One sign-up field checked by the sign-up schema itself, so the CLI says what the sign-up form says. */
function checkField<K extends "email" | "phone" | "name" | "password">(field: K, value: string) {
  const result = signupSchema.shape[field].safeParse(value);
  return result.success
    ? ({ ok: true, value: result.data as string } as const)
    : ({ ok: false, message: `--${field}: ${fieldErrors(result.error, field)[field] ?? "invalid"}` } as const);
}

/**
 * Promotes (or with `demote`, demotes) the account named by email and/or phone, or creates an admin
 * account when none exists. `askPassword` is called only when a new account needs a password that
 * `request` does not give. Nothing is changed when the email and the phone name two different accounts.
 */
export async function setUpAdmin(
  services: Pick<Services, "database">,
  request: AdminRequest,
  askPassword: () => Promise<string>,
): Promise<AdminOutcome> {
  if (!request.email && !request.phone) return refuse("Give --email and/or --phone to name the account.");
  let email: string | undefined;
  let phone: string | undefined;
  if (request.email !== undefined) {
    const checked = checkField("email", request.email);
    if (!checked.ok) return refuse(checked.message);
    email = checked.value;
  }
  if (request.phone !== undefined) {
    const checked = checkField("phone", request.phone);
    if (!checked.ok) return refuse(checked.message);
    phone = checked.value;
  }

  const { db } = services.database;
  const find = async (column: "email" | "phone", value: string | undefined) => {
    if (value === undefined) return undefined;
    const condition = accountNamed({ kind: column, value });
    const [row] = await db
      .select({ id: users.id, email: users.email, phone: users.phone, admin: users.admin })
      .from(users)
      .where(condition)
      .limit(1);
    return row;
  };
  const [byEmail, byPhone] = [await find("email", email), await find("phone", phone)];
  if (byEmail && byPhone && byEmail.id !== byPhone.id) {
    return refuse(
      `${email} and ${phone} belong to two different accounts. Nothing was changed: give the one you mean.`,
    );
  }
  const account = byEmail ?? byPhone;

  if (request.demote) {
    if (!account) return refuse("No account has that email or phone. Nothing was changed.");
    if (!account.admin)
      return { ok: true, change: "unchanged", message: `${account.email} is not an admin.`, userId: account.id };
    await db.update(users).set({ admin: false }).where(eq(users.id, account.id));
    return { ok: true, change: "demoted", message: `${account.email} is no longer an admin.`, userId: account.id };
  }

  if (account) {
    if (account.admin) {
      return { ok: true, change: "unchanged", message: `${account.email} is already an admin.`, userId: account.id };
    }
    await db.update(users).set({ admin: true }).where(eq(users.id, account.id));
    return { ok: true, change: "promoted", message: `${account.email} is now an admin.`, userId: account.id };
  }

  if (!email || !phone) {
    return refuse("No account has that email or phone. To create one, give both --email and --phone.");
  }
  const password = request.password ?? (await askPassword());
  const parsed = signupSchema.safeParse({ name: request.name ?? DEFAULT_ADMIN_NAME, email, phone, password });
  if (!parsed.success) {
    const [field, message] = Object.entries(fieldErrors(parsed.error))[0] ?? ["account", "invalid"];
    return refuse(`--${field}: ${message}`);
  }
  const input = parsed.data;
  const id = randomUUID();
  try {
    await db.insert(users).values({
      id,
      name: input.name,
      email: input.email,
      phone: input.phone,
      passwordHash: await hashPassword(input.password),
      role: null,
      admin: true,
      // An operator is staff, not a student: never asked whether under 18 (decision 028, amended).
      ageGroup: "adult",
      ageDeclaredAt: new Date(),
    });
  } catch (error) {
    // Someone signed up with this email or phone a moment ago: the unique indexes decide.
    if (await find("email", email).then((row) => row ?? find("phone", phone))) {
      return refuse("An account with this email or phone was created meanwhile. Run the command again to promote it.");
    }
    throw error;
  }
  return { ok: true, change: "created", message: `Created the admin account ${input.email}.`, userId: id };
}
