import type { FastifyRequest } from 'fastify';
import type { Config } from './config';
import type { Db } from './db';
import type { Storage } from './storage';
import type { ImageBase } from './lib/images';
import type { Mailer } from './mail';
import type { ListSpec } from './lib/listQuery';

/** Everything a route module needs, decorated on the Fastify instance as `app.ctx`. */
export interface AppContext {
  config: Config;
  db: Db;
  storage: Storage;
  mailer: Mailer;
  /** What kind of shop this is; `demo` turns on once the demo catalogue is seeded (server/db/seed.ts). */
  shop: { demo: boolean };
}

export type Role = 'user' | 'manager' | 'admin';

/** The logged-in user as the auth plugin loads it. */
export interface AuthUser {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  role: Role;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Every route the app serves, as `METHOD /url` (HEAD left out); tests check it against the permission table. */
    routeList: string[];
    /** The list routes' specs by `GET /url`, gathered from their route config. */
    listRoutes: Record<string, ListSpec>;
  }
  interface FastifyRequest {
    /** Set by the auth pre-handlers on protected routes. */
    user?: AuthUser;
  }
  interface FastifyContextConfig {
    /** Route accepts multipart/form-data (category, brand and product create/update only); its handler checks the body. */
    multipart?: boolean;
    /** The handler checks the body itself (`checkBody`), after what must answer first: a 404, a 403, a rate limit. */
    bodyCheckedByHandler?: boolean;
    /** A List route (API.md §2): the widest spec its query is read with, for the robustness test's filter sweep. */
    listSpec?: ListSpec;
  }
}

/**
 * The request body as a record, for what runs before the route's input check (rate-limit keys); the app's
 * pre-validation hook turns every non-object body into {}. Handlers read `request.body` as their schema types it.
 */
export const bodyOf = (request: FastifyRequest) => request.body as Record<string, unknown>;

/**
 * Absolute origin of this shop, for every link that leaves the request (mails, share pages, robots.txt, the sitemap,
 * payment pages, provider callbacks, stored images): PUBLIC_BASE_URL, else the address the server listens on
 * (`http://localhost:8000` when it listens on every interface). Never the request's Host, which anyone can set: a demo
 * shop open on a network cannot be made to mail or redirect to another site. Reached from another device, a demo shop
 * needs PUBLIC_BASE_URL (README).
 */
export function shopOrigin(config: Pick<Config, 'publicBaseUrl' | 'host' | 'port'>): string {
  if (config.publicBaseUrl) return config.publicBaseUrl;
  const everywhere = config.host === '0.0.0.0' || config.host === '::' || config.host === '';
  const host = everywhere ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host}:${config.port}`;
}

/** How answers build image URLs (the storage decides; see server/storage). */
export const imageBase = (ctx: { config: Config; storage: Storage }): ImageBase => ({
  storage: ctx.storage,
  origin: shopOrigin(ctx.config),
});
