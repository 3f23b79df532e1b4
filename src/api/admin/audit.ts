// The audit log of staff actions (ours, README "API notes"): admins read every entry, managers their own.
import type { Static } from 'typebox';
import type { AuditEntry as AuditEntrySchema } from '../../../common/contract/staff';
import { apiClient } from '../client';
import type { ListResponse } from '../types';

/** One recorded staff write: `action` is `<target>.<verb>` ('product.update'); `before`/`after` null for a create/delete. */
export type AuditEntry = Static<typeof AuditEntrySchema>;

export interface AuditQuery {
  page: number;
  limit: number;
  actor?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  /** YYYY-MM-DD: from the start of that day, until its end. */
  from?: string;
  to?: string;
}

export async function listAuditLog(query: AuditQuery): Promise<ListResponse<AuditEntry>> {
  const params = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== ''));
  const { data } = await apiClient.get<ListResponse<AuditEntry>>('/audit', { params });
  return data;
}
