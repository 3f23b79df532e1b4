import type { Queryable } from '../../db';
import { insertAudit } from './repository';
import type { AuditAction, AuditTarget } from '../../../common/rules/audit';

/** Who acted: the signed-in staff member as they are at the time of the change. */
export interface AuditActor {
  id: string;
  name: string;
  role: string;
}

export { AUDIT_ACTIONS, AUDIT_TARGETS, type AuditAction, type AuditTarget } from '../../../common/rules/audit';

type Values = Record<string, unknown>;

export interface AuditChange {
  /** `<target>.<verb>`, one of common/rules/audit.ts, e.g. 'coupon.update', 'order.paid'. */
  action: AuditAction;
  target: { type: AuditTarget; id?: string | null };
  /** The fields as they were; null (or left out) for a create. */
  before?: Values | null;
  /** The fields as they became; null (or left out) for a delete. */
  after?: Values | null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Records a staff write in the audit log, on the transaction that makes the change, so the entry and the change are
 * committed (or rolled back) together. For a change of an existing thing (both before and after given) only the
 * fields that really changed are kept, and a write that changed nothing is not recorded; answers whether it was.
 */
export async function recordAudit(tx: Queryable, actor: AuditActor, change: AuditChange): Promise<boolean> {
  let before = change.before ?? null;
  let after = change.after ?? null;
  if (before && after) {
    const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
      (name) => !same(before![name], after![name]),
    );
    if (!names.length) return false;
    before = Object.fromEntries(names.map((name) => [name, before![name] ?? null]));
    after = Object.fromEntries(names.map((name) => [name, after![name] ?? null]));
  }
  await insertAudit(tx, {
    actor_id: actor.id,
    actor_name: actor.name,
    actor_role: actor.role,
    action: change.action,
    target_type: change.target.type,
    target_id: change.target.id ?? null,
    before,
    after,
  });
  return true;
}
