import type { FastifyInstance } from 'fastify';

export async function reviewRoutes(app: FastifyInstance) {
  void app;
}
