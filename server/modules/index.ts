import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth/routes';
import { userRoutes } from './users/routes';
import { brandRoutes, catalogueRoutes, categoryRoutes, productRoutes, subcategoryRoutes } from './catalogue';
import { reviewRoutes } from './reviews/routes';
import { wishlistRoutes } from './wishlist/routes';
import { addressRoutes } from './addresses/routes';
import { couponRoutes } from './coupons/routes';
import { cartRoutes } from './cart/routes';
import { cartsLoseProduct } from './cart';
import { newestReviewsJson } from './reviews';
import { orderRoutes } from './orders/routes';
import { shopRoutes } from './shop/routes';
import { dashboardRoutes } from './dashboard/routes';
import { deliveryRoutes } from './delivery/routes';
import { inventoryRoutes } from './inventory/routes';
import { auditRoutes } from './audit/routes';

export interface ApiModule {
  /** Path under `/api/v1` its routes start with; none for a module whose routes span several (reviews). */
  prefix?: string;
  routes: FastifyPluginAsync;
}

/**
 * Every module of the REST API, registered under `/api/v1` in this order by server/app.ts: a new module is one line
 * here. (The SEO pages and the payment pages are served outside the API, from server/plugins/staticFiles.ts and
 * server/modules/payments/.)
 */
export const API_MODULES: ApiModule[] = [
  { prefix: '/auth', routes: authRoutes },
  { prefix: '/users', routes: userRoutes },
  { prefix: '/categories', routes: categoryRoutes },
  { prefix: '/subcategories', routes: subcategoryRoutes },
  { prefix: '/brands', routes: brandRoutes },
  // The catalogue imports neither the cart nor reviews, which import it: a product's page embeds its reviews, and a
  // deleted product's carts are settled again, through these.
  { prefix: '/products', routes: productRoutes({ reviewsOf: newestReviewsJson, beforeDelete: cartsLoseProduct }) },
  // The catalogue sheet's export and import, beside the product routes.
  { prefix: '/products', routes: catalogueRoutes },
  { routes: reviewRoutes },
  { prefix: '/wishlist', routes: wishlistRoutes },
  { prefix: '/addresses', routes: addressRoutes },
  { prefix: '/coupons', routes: couponRoutes },
  // Stock held by unpaid cash orders, for the owner's product screens.
  { prefix: '/inventory', routes: inventoryRoutes },
  { prefix: '/cart', routes: cartRoutes },
  { prefix: '/orders', routes: orderRoutes },
  { prefix: '/shop', routes: shopRoutes },
  { prefix: '/dashboard', routes: dashboardRoutes },
  { prefix: '/delivery', routes: deliveryRoutes },
  { prefix: '/audit', routes: auditRoutes },
];
