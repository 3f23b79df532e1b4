import type { FastifyInstance } from 'fastify';

export async function subcategoryRoutes(app: FastifyInstance) {
  void app;
}
