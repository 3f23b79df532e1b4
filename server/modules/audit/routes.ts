import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { List, bearer } from '../../lib/schemas';
import { currentUser, requireAuth } from '../../plugins/auth';
import { AuditEntry } from '../../../common/contract/staff';
import { AuditQuery } from './schemas';
import { AUDIT_LIST as LIST_SPEC, auditPage } from './service';

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
    async (request) => auditPage(ctx.db, currentUser(request), request.query),
  );
}
