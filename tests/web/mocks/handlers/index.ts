import { authHandlers } from './auth';
import { cartHandlers } from './cart';
import { catalogHandlers } from './catalog';

// Default answers for every test; a test overrides one with server.use(...).
export const handlers = [...authHandlers, ...cartHandlers, ...catalogHandlers];
