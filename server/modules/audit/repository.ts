import { pagedList, type PageQuery, type PagedList, type Queryable } from '../../db';
import type { ListSpec } from '../../lib/listQuery';
import type { AuditAction, AuditTarget } from '../../../common/rules/audit';

/** An entry as auditJson reads it. */
export interface AuditRow {
  id: string;
  at: Date;
  actor_id: string;
  actor_name: string;
  actor_role: string;
  action: string;
  target_type: string;
  target_id: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** A new entry: only the actions and targets of common/rules/audit.ts are written. */
export type NewAuditRow = Omit<AuditRow, 'id' | 'at' | 'action' | 'target_type'> & {
  action: AuditAction;
  target_type: AuditTarget;
};

const COLUMNS = 'id, at, actor_id, actor_name, actor_role, action, target_type, target_id, before, after';

/** The filters and sorts of the audit list: who, what, which target, and the moment (`at[gte]`, `at[lte]`). */
export const AUDIT_LIST: ListSpec = {
  fields: {
    actor: { column: 'actor_id', type: 'id' },
    actorRole: { column: 'actor_role', type: 'text' },
    action: { column: 'action', type: 'text' },
    targetType: { column: 'target_type', type: 'text' },
    targetId: { column: 'target_id', type: 'text' },
    at: { column: 'at', type: 'date' },
  },
  keyword: (placeholder) => `actor_name ILIKE ${placeholder}`,
  newestColumn: 'at',
};

/** Entries are only ever inserted (no statement here updates or deletes one). */
export async function insertAudit(q: Queryable, row: NewAuditRow): Promise<void> {
  await q.query(
    `INSERT INTO audit_log (actor_id, actor_name, actor_role, action, target_type, target_id, before, after)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb)`,
    [
      row.actor_id,
      row.actor_name,
      row.actor_role,
      row.action,
      row.target_type,
      row.target_id,
      row.before === null ? null : JSON.stringify(row.before),
      row.after === null ? null : JSON.stringify(row.after),
    ],
  );
}

export const listAudit = (db: Queryable, q: PageQuery): Promise<PagedList<AuditRow>> =>
  pagedList<AuditRow>(db, q, { columns: COLUMNS, from: 'audit_log' });
