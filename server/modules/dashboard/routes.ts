import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { bearer } from '../../lib/schemas';
import { requireAuth } from '../../plugins/auth';
import { DashboardAnswer } from './schemas';
import { dashboardFigures } from './service';

/** GET /dashboard (ours, manager and admin): the owner's figures in one answer (service.ts). */
export async function dashboardRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  app.get(
    '/',
    {
      schema: {
        tags: ['dashboard'],
        security: bearer,
        summary: "The owner's figures (manager, admin)",
        response: { 200: DashboardAnswer },
      },
      preValidation: requireAuth(ctx, 'manager', 'admin'),
    },
    async () => ({ data: await dashboardFigures(ctx) }),
  );
}
