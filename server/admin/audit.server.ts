/**
 * The audit log (issue 15): every admin change writes one row in the same transaction as the change,
 * so that a change without its row, or a row without its change, cannot exist.
 */
import type { Db } from "../db/client.server.ts";
import { auditLog } from "../db/schema.ts";
import type { AdminUser } from "./auth.server.ts";

export interface AuditEntry {
  /** e.g. paper.upload, paper.replace, paper.retire, paper.restore, year-note.create, report.status */
  action: string;
  paperId?: string | null;
  /** The changed record as it was (null for a creation) and as it became (null for a deletion). */
  before: unknown;
  after: unknown;
}

/** `tx` must be the transaction that makes the change. */
export async function writeAudit(tx: Db, admin: AdminUser, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    adminId: admin.id,
    adminEmail: admin.email,
    action: entry.action,
    paperId: entry.paperId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
