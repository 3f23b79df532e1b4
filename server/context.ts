import type { FastifyRequest } from 'fastify';
import type { Config } from './config';
import type { Db } from './db';
import type { Storage } from './storage';
import type { Mailer } from './mail';

/** Everything a route module needs, decorated on the Fastify instance as `app.ctx`. */
export interface AppContext {
  config: Config;
  db: Db;
  storage: Storage;
  mailer: Mailer;
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
  }
  interface FastifyRequest {
    /** Set by the auth pre-handlers on protected routes. */
    user?: AuthUser;
  }
  interface FastifyContextConfig {
    /** Route accepts multipart/form-data (category, brand and product create/update only). */
    multipart?: boolean;
  }
}

/** The request body as a record; the app's pre-validation hook turns every non-object body into {}. */
export const bodyOf = (request: FastifyRequest) => request.body as Record<string, unknown>;

/** Absolute origin for image URLs: PUBLIC_BASE_URL, else the request's own scheme and host. */
export function baseUrl(request: FastifyRequest, config: Config): string {
  return config.publicBaseUrl ?? `${request.protocol}://${request.host}`;
}
