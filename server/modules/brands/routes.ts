import type { FastifyInstance } from 'fastify';

export async function brandRoutes(app: FastifyInstance) {
  void app;
}
