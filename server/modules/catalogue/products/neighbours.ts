import type { Static } from 'typebox';
import type { Queryable } from '../../../db';
import type { Review } from '../../../../common/contract/catalogue';

/**
 * What the product routes need of the modules built on the catalogue: the cart and reviews import the catalogue, so
 * the catalogue imports neither, and the module list (server/modules/index.ts) hands their functions in.
 */
export interface ProductNeighbours {
  /** A product's newest reviews as the API answers them, at most `limit` (its page embeds them). */
  reviewsOf: (db: Queryable, productId: string, limit: number) => Promise<Static<typeof Review>[]>;
  /**
   * Runs in a product's delete transaction before the row goes (its cart lines go with it by cascade) and answers
   * what runs after the delete, in the same transaction (the carts that held it are settled again).
   */
  beforeDelete: (tx: Queryable, productId: string) => Promise<() => Promise<void>>;
}
