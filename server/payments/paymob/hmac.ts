import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The fields Paymob signs in a transaction callback, in the order it documents ("HMAC Transaction Callback"): their
 * values, concatenated without separators, are signed with HMAC-SHA512 and the merchant's HMAC secret, in lowercase
 * hex. Each entry is the field's path in the processed callback's `obj` (POST) and its name in the response
 * callback's query (the GET redirect): the two differ only for the transaction id and the order id. The order id of
 * the redirect is `order_id` in Paymob's current documentation and `order` in its older one and in redirects seen in
 * the wild: either is read (see `redirectOrderId`).
 */
const SIGNED_FIELDS: { inObject: string[]; inQuery: string }[] = [
  { inObject: ['amount_cents'], inQuery: 'amount_cents' },
  { inObject: ['created_at'], inQuery: 'created_at' },
  { inObject: ['currency'], inQuery: 'currency' },
  { inObject: ['error_occured'], inQuery: 'error_occured' },
  { inObject: ['has_parent_transaction'], inQuery: 'has_parent_transaction' },
  { inObject: ['id'], inQuery: 'id' },
  { inObject: ['integration_id'], inQuery: 'integration_id' },
  { inObject: ['is_3d_secure'], inQuery: 'is_3d_secure' },
  { inObject: ['is_auth'], inQuery: 'is_auth' },
  { inObject: ['is_capture'], inQuery: 'is_capture' },
  { inObject: ['is_refunded'], inQuery: 'is_refunded' },
  { inObject: ['is_standalone_payment'], inQuery: 'is_standalone_payment' },
  { inObject: ['is_voided'], inQuery: 'is_voided' },
  { inObject: ['order', 'id'], inQuery: 'order_id' },
  { inObject: ['owner'], inQuery: 'owner' },
  { inObject: ['pending'], inQuery: 'pending' },
  { inObject: ['source_data', 'pan'], inQuery: 'source_data.pan' },
  { inObject: ['source_data', 'sub_type'], inQuery: 'source_data.sub_type' },
  { inObject: ['source_data', 'type'], inQuery: 'source_data.type' },
  { inObject: ['success'], inQuery: 'success' },
];

/** A signed value as Paymob writes it: booleans as true/false, numbers in decimal, a missing value as nothing. */
function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  // An object or array where a scalar is signed is not Paymob's shape; it can never match a real signature.
  return '\u0000';
}

function at(object: unknown, path: string[]): unknown {
  let value = object;
  for (const key of path) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** The string Paymob signs for a processed callback's transaction (`obj` of `{ type: 'TRANSACTION', obj }`). */
export const transactionSignedString = (obj: unknown) => SIGNED_FIELDS.map((f) => text(at(obj, f.inObject))).join('');

/**
 * The order id of a redirect's query: `order_id` (Paymob's documented name) or `order` (its older name). Both given,
 * with different values, it is no order id: which one was signed cannot be known, so nothing verifies.
 */
export function redirectOrderId(query: Record<string, unknown>): unknown {
  const documented = Object.hasOwn(query, 'order_id') ? query.order_id : undefined;
  const older = Object.hasOwn(query, 'order') ? query.order : undefined;
  if (documented !== undefined && older !== undefined && documented !== older) return ['two order ids'];
  return documented ?? older;
}

/** The string Paymob signs for the response callback (the browser's redirect back to the shop), from its query. */
export const redirectSignedString = (query: Record<string, unknown>) =>
  SIGNED_FIELDS.map((f) =>
    text(
      f.inQuery === 'order_id'
        ? redirectOrderId(query)
        : Object.hasOwn(query, f.inQuery)
          ? query[f.inQuery]
          : undefined,
    ),
  ).join('');

export const paymobHmac = (signed: string, secret: string) =>
  createHmac('sha512', secret).update(signed, 'utf8').digest('hex');

/** Constant-time comparison of a received hmac (any case of hex) with the expected one; anything else is false. */
export function hmacMatches(received: unknown, signed: string, secret: string): boolean {
  if (typeof received !== 'string' || !/^[0-9a-fA-F]{128}$/.test(received)) return false;
  const expected = Buffer.from(paymobHmac(signed, secret), 'hex');
  return timingSafeEqual(Buffer.from(received, 'hex'), expected);
}

/** A processed callback whose `hmac` query parameter signs its `obj`. */
export const verifyTransactionCallback = (obj: unknown, hmac: unknown, secret: string) =>
  hmacMatches(hmac, transactionSignedString(obj), secret);

/** A response callback (redirect) whose query carries its own `hmac`. */
export const verifyRedirect = (query: Record<string, unknown>, secret: string) =>
  hmacMatches(query.hmac, redirectSignedString(query), secret);
