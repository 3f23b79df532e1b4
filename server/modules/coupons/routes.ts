import type { FastifyInstance } from 'fastify';

export async function couponRoutes(app: FastifyInstance) {
  void app;
}
