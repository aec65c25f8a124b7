import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { LoginInput, SignupInput } from "../../domain/auth.ts";
import { users } from "../db/schema.ts";
import type { Services } from "../services.server.ts";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./passwords.server.ts";
import { createSession } from "./session.server.ts";

export class DuplicateAccountError extends Error {
  override name = "DuplicateAccountError";
  readonly field: "email" | "phone";
  constructor(field: "email" | "phone") {
    super(
      field === "email"
        ? "An account with this email already exists. Please sign in."
        : "An account with this phone number already exists. Please sign in.",
    );
    this.field = field;
  }
}

async function findDuplicate(services: Pick<Services, "database">, input: SignupInput) {
  const { db } = services.database;
  const [byEmail] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email.toLowerCase()))
    .limit(1);
  if (byEmail) return "email" as const;
  const [byPhone] = await db.select({ id: users.id }).from(users).where(eq(users.phone, input.phone)).limit(1);
  return byPhone ? ("phone" as const) : null;
}

/**
 * Creates the account and its first session in one transaction: a sign-up the client saw
 * succeed is fully stored, and one that failed (say, the database went away) left nothing behind.
 */
export async function createAccount(services: Pick<Services, "database">, input: SignupInput) {
  const duplicate = await findDuplicate(services, input);
  if (duplicate) throw new DuplicateAccountError(duplicate);
  const id = randomUUID();
  const passwordHash = await hashPassword(input.password);
  try {
    const session = await services.database.db.transaction(async (tx) => {
      await tx.insert(users).values({
        id,
        name: input.name,
        email: input.email,
        phone: input.phone,
        passwordHash,
        role: input.role,
      });
      return createSession(services, id, tx);
    });
    return { user: { id, name: input.name, role: input.role }, session };
  } catch (error) {
    // Two sign-ups racing for the same email or phone: the unique index decides.
    const again = await findDuplicate(services, input).catch(() => null);
    if (again) throw new DuplicateAccountError(again);
    throw error;
  }
}

/** The account for these credentials, or null; unknown accounts cost the same time as wrong passwords. */
export async function verifyCredentials(services: Pick<Services, "database">, input: LoginInput) {
  const { db } = services.database;
  const who = input.email_or_phone;
  const condition =
    who.kind === "email" ? eq(sql`lower(${users.email})`, who.value.toLowerCase()) : eq(users.phone, who.value);
  const [user] = await db
    .select({ id: users.id, name: users.name, role: users.role, passwordHash: users.passwordHash })
    .from(users)
    .where(condition)
    .limit(1);
  if (!user) {
    await burnPasswordCheck(input.password);
    return null;
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) return null;
  return { id: user.id, name: user.name, role: user.role };
}

/** Rate-limit key for an account: the normalised identifier, so email case tricks share one counter. */
export function accountKey(input: LoginInput): string {
  const who = input.email_or_phone;
  return who.kind === "email" ? `email:${who.value.toLowerCase()}` : `phone:${who.value}`;
}
