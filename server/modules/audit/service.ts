import type { Static } from 'typebox';
import type { AuthUser } from '../../context';
import type { Db } from '../../db';
import { buildListQuery, listResponse } from '../../lib/listQuery';
import { AUDIT_LIST, listAudit } from './repository';
import type { AuditQuery } from './schemas';
import { auditJson } from './serialize';

/** The list's filters and sorts (API.md §2): its route declares them, and robustness tests fuzz them. */
export { AUDIT_LIST } from './repository';

/**
 * A page of the audit log, newest first unless sorted otherwise: an admin reads every entry, a manager only their own
 * (no filter widens that); `from` and `to` bound the moment.
 */
export async function auditPage(db: Db, caller: AuthUser, query: Static<typeof AuditQuery>) {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const where = (sql: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(sql(`$${params.length}`));
  };
  if (caller.role !== 'admin') where((p) => `actor_id = ${p}`, caller.id);
  if (query.from) where((p) => `at >= ${p}`, query.from.toISOString());
  if (query.to) where((p) => `at <= ${p}`, query.to.toISOString());
  // Newest first without a sort: AUDIT_LIST's newestColumn.
  const q = buildListQuery({ ...query, from: undefined, to: undefined }, AUDIT_LIST, conditions, params);
  const { rows, total } = await listAudit(db, q);
  return listResponse(rows.map(auditJson), total, q);
}
