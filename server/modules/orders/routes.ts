import type { FastifyInstance } from 'fastify';

export async function orderRoutes(app: FastifyInstance) {
  void app;
}
