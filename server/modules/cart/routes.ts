import type { FastifyInstance } from 'fastify';

export async function cartRoutes(app: FastifyInstance) {
  void app;
}
