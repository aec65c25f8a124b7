/** The audit log as the console reads it (issue 15): newest first, by paper or by admin, a page at a time. */
import { and, desc, eq, inArray, isNotNull, lt, or } from "drizzle-orm";
import { AUDIT_PAGE_SIZE, type AuditRow } from "../../domain/admin.ts";
import { auditLog, users } from "../db/schema.ts";
import type { Services } from "../services.server.ts";

const MAX_LIMIT = 200;

export async function listAudit(
  services: Pick<Services, "database">,
  query: { paperId?: string | undefined; adminId?: string | undefined; before?: number | undefined; limit?: number },
): Promise<AuditRow[]> {
  const limit = Math.min(Math.max(1, Math.trunc(query.limit ?? AUDIT_PAGE_SIZE)), MAX_LIMIT);
  const rows = await services.database.db
    .select({ entry: auditLog, name: users.name })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.adminId))
    .where(
      and(
        query.paperId ? eq(auditLog.paperId, query.paperId) : undefined,
        query.adminId ? eq(auditLog.adminId, query.adminId) : undefined,
        query.before ? lt(auditLog.id, query.before) : undefined,
      ),
    )
    // Ids grow with time (an identity column), and unlike timestamps they never tie: a stable page order.
    .orderBy(desc(auditLog.id))
    .limit(limit);
  return rows.map(({ entry, name }) => ({
    id: entry.id,
    at: entry.at.toISOString(),
    admin: { id: entry.adminId, email: entry.adminEmail, name },
    action: entry.action,
    paperId: entry.paperId,
    before: entry.before,
    after: entry.after,
  }));
}

/** The admins the log can be filtered by: every current admin, and anyone with an entry who still has an account. */
export async function listAuditAdmins(
  services: Pick<Services, "database">,
): Promise<{ id: string; email: string; name: string }[]> {
  const { db } = services.database;
  const logged = db.selectDistinct({ id: auditLog.adminId }).from(auditLog).where(isNotNull(auditLog.adminId));
  return db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(or(eq(users.admin, true), inArray(users.id, logged)))
    .orderBy(users.email);
}
