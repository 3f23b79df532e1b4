import { iso } from '../../lib/time';
import type { AuditRow } from './repository';

/** An entry as GET /audit answers it (README, "API notes"). */
export function auditJson(row: AuditRow) {
  return {
    _id: row.id,
    at: iso(row.at),
    actor: { _id: row.actor_id, name: row.actor_name, role: row.actor_role },
    action: row.action,
    target: { type: row.target_type, id: row.target_id },
    before: row.before,
    after: row.after,
  };
}
