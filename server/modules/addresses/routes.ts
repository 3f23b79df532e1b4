import type { FastifyInstance } from 'fastify';

export async function addressRoutes(app: FastifyInstance) {
  void app;
}
