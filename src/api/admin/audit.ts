// The audit log of staff actions (ours, README "API notes"): admins read every entry, managers their own.
import { apiClient } from '../client';
import type { ListResponse } from '../types';

/** One recorded staff write. */
export interface AuditEntry {
  _id: string;
  at: string;
  actor: { _id: string; name: string; role: string };
  /** `<target>.<verb>`, e.g. 'product.update', 'order.paid'. */
  action: string;
  target: { type: string; id: string | null };
  /** The changed fields as they were (null for a create) and as they became (null for a delete). */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

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
