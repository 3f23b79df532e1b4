import type { RequestHandler } from 'msw';

// Default answers for every test: the `defaultHandlers` of each domain's module in this folder, so a new domain's file
// needs no line here. A test overrides one with server.use(...); the modules whose answers only some tests want
// (admin.ts, deliveryAdmin.ts, originalBackend.ts) export them under their own names for server.use(...) instead.
const domains = import.meta.glob<{ defaultHandlers?: RequestHandler[] }>(['./*.ts', '!./index.ts'], { eager: true });

export const handlers = Object.values(domains).flatMap((domain) => domain.defaultHandlers ?? []);
