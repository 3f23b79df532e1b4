import type { FastifyInstance } from 'fastify';

export async function wishlistRoutes(app: FastifyInstance) {
  void app;
}
