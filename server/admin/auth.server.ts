/**
 * Who is an admin (issue 15). The admin flag is read from the database on every admin request, so a
 * demoted account loses the console at once. Anyone else is told nothing: callers answer 404.
 */
import { and, eq } from "drizzle-orm";
import type { Request } from "express";
import { getUser, servicesOf } from "../auth/session.server.ts";
import { users } from "../db/schema.ts";
import { HttpError } from "../http/respond.server.ts";

export interface AdminUser {
  id: string;
  name: string;
  email: string;
}

const admins = new WeakMap<Request, Promise<AdminUser | null>>();

/** The signed-in admin of this request, or null (anonymous, a student, or a deleted session). */
export function getAdmin(req: Request): Promise<AdminUser | null> {
  let pending = admins.get(req);
  if (!pending) {
    pending = lookUpAdmin(req);
    admins.set(req, pending);
  }
  return pending;
}

async function lookUpAdmin(req: Request): Promise<AdminUser | null> {
  const user = await getUser(req);
  if (!user) return null;
  const { db } = servicesOf(req).database;
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.id, user.id), eq(users.admin, true)))
    .limit(1);
  return row ?? null;
}

/** The API's guard: the same 404 an unknown endpoint gets, so the console's existence is not revealed. */
export async function requireAdmin(req: Request): Promise<AdminUser> {
  const admin = await getAdmin(req);
  if (!admin) throw new HttpError(404, "No such API endpoint");
  return admin;
}
