import type { FastifyInstance } from 'fastify';

export async function productRoutes(app: FastifyInstance) {
  void app;
}
