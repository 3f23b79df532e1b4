import type { FastifyInstance } from 'fastify';

export async function categoryRoutes(app: FastifyInstance) {
  void app;
}
