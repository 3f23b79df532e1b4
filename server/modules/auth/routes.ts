import type { FastifyInstance } from 'fastify';

export async function authRoutes(app: FastifyInstance) {
  void app;
}
