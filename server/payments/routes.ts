import type { FastifyInstance } from 'fastify';

export async function paymentRoutes(app: FastifyInstance) {
  void app;
}
