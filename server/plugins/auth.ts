import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext, AuthUser, Role } from '../context';
import { keptRead, writesTo } from '../lib/answerCache';
import { forbidden, unauthorized } from '../lib/errors';

/** HS256 keys by secret. Given the secret's bytes, jose imports them as a WebCrypto key on every call, a noticeable
 * share of the CPU of each authenticated request; imported once here, they are reused. */
const hmacKeys = new Map<string, Promise<CryptoKey>>();
function hmacKey(secret: string): Promise<CryptoKey> {
  let key = hmacKeys.get(secret);
  if (!key) {
    const bytes = new TextEncoder().encode(secret);
    key = crypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    hmacKeys.set(secret, key);
  }
  return key;
}

/**
 * JWT (HS256) with payload {id, iat, exp}; API.md §4.1. `issuedAt` (whole seconds) lets a token made
 * right after a password change carry an iat that is not older than that change.
 */
export async function signToken(ctx: AppContext, userId: string, issuedAt?: number): Promise<string> {
  return new SignJWT({ id: userId })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(issuedAt)
    .setExpirationTime(ctx.config.jwtExpiresIn)
    .sign(await hmacKey(ctx.config.jwtSecret));
}

/** The bearer token, or undefined for a missing header and the `Bearer null|undefined` the original web app sends. */
function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  const token = header.slice(7).trim();
  return token && token !== 'null' && token !== 'undefined' ? token : undefined;
}

/**
 * API.md §0 Caching: an answer that may be about someone (the request carried a token) or holds a token (the auth
 * routes) is never stored by a browser or proxy, e.g. for the next person at a shared computer.
 */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    const url = request.raw.url ?? '';
    if (url.startsWith('/api/v1/') && (bearerToken(request) !== undefined || url.startsWith('/api/v1/auth/')))
      reply.header('cache-control', 'no-store');
  });
}

type TokenCheck = { payload: { id?: unknown; iat?: number } } | { error: unknown };

/** Each request's token checked once: with rate limits on, the global limit's key and the route's guard both ask. */
const checkedTokens = new WeakMap<FastifyRequest, Promise<TokenCheck>>();

/** The request's bearer token, verified (signature, expiry, iat and exp present); undefined without a token. */
function checkedToken(jwtSecret: string, request: FastifyRequest): Promise<TokenCheck> | undefined {
  const token = bearerToken(request);
  if (!token) return undefined;
  let checked = checkedTokens.get(request);
  if (!checked) {
    // Without iat the password-change check could not apply, and without exp a token would never expire.
    checked = hmacKey(jwtSecret)
      .then((key) => jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['iat', 'exp'] }))
      .then(
        ({ payload }) => ({ payload }),
        (error: unknown) => ({ error }),
      );
    checkedTokens.set(request, checked);
  }
  return checked;
}

const accountId = (payload: { id?: unknown }) =>
  typeof payload.id === 'string' && /^[0-9a-f-]{36}$/i.test(payload.id) ? payload.id : undefined;

/**
 * The account id of a request's token when its signature verifies and it has not expired, without reading the
 * database (the global rate limit counts a signed-in shopper on their own, not with everyone at their address).
 */
export async function signedAccountId(jwtSecret: string, request: FastifyRequest): Promise<string | undefined> {
  const checked = await checkedToken(jwtSecret, request);
  return checked && 'payload' in checked ? accountId(checked.payload) : undefined;
}

/** Any write to the accounts drops the kept ones (keptRead). */
const USERS = writesTo('users');

const accountOf = (ctx: AppContext, id: string) =>
  ctx.db.one<AuthUser & { active: boolean; password_changed_at: Date | null }>(
    'SELECT id, name, email, phone, role, active, password_changed_at FROM users WHERE id = $1',
    [id],
  );

/**
 * Runs the checks of API.md §4.1 in order and returns the user, or throws 401. The account is a kept read: a change
 * made through this process (deactivated, deleted, a new password or role) counts on the very next request.
 */
export async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<AuthUser> {
  const checked = await checkedToken(ctx.config.jwtSecret, request);
  if (!checked) throw unauthorized('You are not logged in. Please login to get access');
  if ('error' in checked) {
    if (checked.error instanceof joseErrors.JWTExpired) throw unauthorized('Expired Token. please login again');
    throw unauthorized('Invalid Token. please login again');
  }
  const { payload } = checked;
  const id = accountId(payload);
  if (!id) throw unauthorized('Invalid Token. please login again');
  const { user } = await keptRead(ctx, USERS, async () => ({ user: await accountOf(ctx, id) }), id);
  if (!user || !user.active) throw unauthorized('The user that belong to this token does no longer exist');
  if (user.password_changed_at && Math.floor(user.password_changed_at.getTime() / 1000) > payload.iat!) {
    throw unauthorized('User recently changed password! Please login again..');
  }
  return { id: user.id, name: user.name, email: user.email, phone: user.phone, role: user.role };
}

/**
 * Pre-handler for a protected route: any logged-in user, or only the listed roles (403 otherwise).
 *   app.get('/x', { preHandler: requireAuth(ctx, 'manager', 'admin') }, handler)
 */
export function requireAuth(ctx: AppContext, ...roles: Role[]): preHandlerAsyncHookHandler {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    request.user = await authenticate(ctx, request);
    if (roles.length && !roles.includes(request.user.role)) throw forbidden();
  };
}

/** The user set by requireAuth (for handlers behind it). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized('You are not logged in. Please login to get access');
  return request.user;
}
