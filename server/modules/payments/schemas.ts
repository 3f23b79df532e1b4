/*
 * The payment pages answer in HTML and the providers' callbacks are read exactly as sent (their signatures cover the
 * values), so their requests are typed here rather than declared with fields(): a malformed test-session id is the
 * page's 404, a callback that does not verify is `Invalid signature`.
 */

/** The test payment page's path. */
export type SessionPath = { Params: { sessionId: string } };

/** Paymob's transaction processed callback: `{ type, obj }` with the `hmac` in the query, checked by its routes. */
export type PaymobCallback = { Body: unknown; Querystring: { hmac?: unknown } };
