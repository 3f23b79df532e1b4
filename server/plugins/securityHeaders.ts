import type { FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { Config } from '../config';
import type { Storage } from '../storage';

/** Helmet's security headers with the shop's Content-Security-Policy, and CORS for the API's browser callers. */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config, storage: Storage) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config, storage) },
    // Product images are fetched from other origins too (API.md §0: the image routes answer CORS).
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  await app.register(cors, {
    origin: config.allowedOrigins ?? true,
    allowedHeaders: ['Authorization', 'Content-Type'],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // The only answer header the web app reads: how long a 429 asks it to wait (src/api/client.ts).
    exposedHeaders: ['Retry-After'],
    // An OPTIONS request that is not a browser's preflight gets the same empty answer instead of a plain-text 400.
    strictPreflight: false,
  });
}

/**
 * The built web app runs with no inline script and nothing loaded from elsewhere. Inline styles stay
 * allowed: React, Bootstrap's components and the test-payment page set them. Images may also come
 * from PUBLIC_BASE_URL (a CDN or the API's own host), from the object store or CDN that serves uploaded images
 * (IMAGES_PUBLIC_URL), and from data:/blob: URLs (the image cropper).
 */
function contentSecurityPolicy(config: Config, storage: Storage) {
  const imageHost = [
    ...new Set(
      [config.publicBaseUrl && new URL(config.publicBaseUrl).origin, storage.imageOrigin].filter(
        (o): o is string => !!o,
      ),
    ),
  ];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...imageHost],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}
