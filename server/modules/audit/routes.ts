import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { buildListQuery, listResponse } from '../../lib/listQuery';
import { List, bearer } from '../../lib/schemas';
import { currentUser, requireAuth } from '../../plugins/auth';
import { AUDIT_LIST as LIST_SPEC, listAudit } from './repository';
import { AuditEntry } from '../../../common/contract/staff';
import { AuditQuery } from './schemas';
import { auditJson } from './serialize';

const tags = ['audit'];

/**
 * The audit log (issue 31): read only. An admin reads every entry, a manager only their own; nothing changes or
 * deletes an entry through the API (no PUT, PATCH or DELETE is served here).
 */
export async function auditRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const staff = requireAuth(ctx, 'manager', 'admin');

  app.get(
    '/',
    {
      schema: {
        tags,
        security: bearer,
        summary: "Staff actions, newest first (admin: everyone's; manager: their own)",
        querystring: AuditQuery,
        response: { 200: List(AuditEntry) },
      },
      preValidation: staff,
      config: { listSpec: LIST_SPEC },
    },
    async (request) => {
      const user = currentUser(request);
      const { from, to } = request.query;
      const conditions: string[] = [];
      const params: unknown[] = [];
      const where = (sql: (placeholder: string) => string, value: unknown) => {
        params.push(value);
        conditions.push(sql(`$${params.length}`));
      };
      if (user.role !== 'admin') where((p) => `actor_id = ${p}`, user.id);
      if (from) where((p) => `at >= ${p}`, from.toISOString());
      if (to) where((p) => `at <= ${p}`, to.toISOString());
      const query: Record<string, unknown> = { ...request.query, from: undefined, to: undefined };
      const q = buildListQuery({ ...query, sort: query.sort ?? '-at' }, LIST_SPEC, conditions, params);
      const { rows, total } = await listAudit(ctx.db, q);
      return listResponse(rows.map(auditJson), total, q);
    },
  );
}
