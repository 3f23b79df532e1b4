import type { FastifyInstance } from 'fastify';

export async function userRoutes(app: FastifyInstance) {
  void app;
}
