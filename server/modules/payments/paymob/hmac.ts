import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The fields Paymob signs in a transaction callback, in the order it documents ("HMAC Transaction Callback"): their
 * values, concatenated without separators, are signed with HMAC-SHA512 and the merchant's HMAC secret, in lowercase
 * hex. Each entry is the field's path in the processed callback's `obj` (POST) and its name in the response
 * callback's query (the GET redirect): the two differ only for the transaction id and the order id. The order id of
 * the redirect is `order_id` in Paymob's current documentation and `order` in its older one and in redirects seen in
 * the wild: either is read (see `redirectOrderId`).
 */
type Kind = 'boolean' | 'integer' | 'date' | 'currency' | 'text';

const SIGNED_FIELDS: { inObject: string[]; inQuery: string; kind: Kind }[] = [
  { inObject: ['amount_cents'], inQuery: 'amount_cents', kind: 'integer' },
  { inObject: ['created_at'], inQuery: 'created_at', kind: 'date' },
  { inObject: ['currency'], inQuery: 'currency', kind: 'currency' },
  { inObject: ['error_occured'], inQuery: 'error_occured', kind: 'boolean' },
  { inObject: ['has_parent_transaction'], inQuery: 'has_parent_transaction', kind: 'boolean' },
  { inObject: ['id'], inQuery: 'id', kind: 'integer' },
  { inObject: ['integration_id'], inQuery: 'integration_id', kind: 'integer' },
  { inObject: ['is_3d_secure'], inQuery: 'is_3d_secure', kind: 'boolean' },
  { inObject: ['is_auth'], inQuery: 'is_auth', kind: 'boolean' },
  { inObject: ['is_capture'], inQuery: 'is_capture', kind: 'boolean' },
  { inObject: ['is_refunded'], inQuery: 'is_refunded', kind: 'boolean' },
  { inObject: ['is_standalone_payment'], inQuery: 'is_standalone_payment', kind: 'boolean' },
  { inObject: ['is_voided'], inQuery: 'is_voided', kind: 'boolean' },
  { inObject: ['order', 'id'], inQuery: 'order_id', kind: 'integer' },
  { inObject: ['owner'], inQuery: 'owner', kind: 'integer' },
  { inObject: ['pending'], inQuery: 'pending', kind: 'boolean' },
  { inObject: ['source_data', 'pan'], inQuery: 'source_data.pan', kind: 'text' },
  { inObject: ['source_data', 'sub_type'], inQuery: 'source_data.sub_type', kind: 'text' },
  { inObject: ['source_data', 'type'], inQuery: 'source_data.type', kind: 'text' },
  { inObject: ['success'], inQuery: 'success', kind: 'boolean' },
];

/**
 * Whether a signed value has the form Paymob documents for its field: JSON booleans and whole numbers in the processed
 * callback, their text in the redirect. The signed string joins values without separators, so a value moved into its
 * neighbour ("true" from has_parent_transaction into error_occured: "falsetrue" and nothing) signs alike; only a
 * callback whose every value is in its own form is verified, and there no such move is possible.
 */
function wellFormed(value: unknown, kind: Kind, inQuery: boolean): boolean {
  switch (kind) {
    case 'boolean':
      return inQuery ? value === 'true' || value === 'false' : typeof value === 'boolean';
    case 'integer':
      return inQuery
        ? typeof value === 'string' && /^(0|[1-9]\d{0,15})$/.test(value)
        : Number.isSafeInteger(value) && (value as number) >= 0;
    case 'date':
      return (
        typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/.test(value)
      );
    case 'currency':
      return typeof value === 'string' && /^[A-Z]{3}$/.test(value);
    case 'text':
      return value === undefined || value === null || typeof value === 'string';
  }
}

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

const transactionWellFormed = (obj: unknown) =>
  SIGNED_FIELDS.every((f) => wellFormed(at(obj, f.inObject), f.kind, false));

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

const queryValue = (query: Record<string, unknown>, name: string) =>
  name === 'order_id' ? redirectOrderId(query) : Object.hasOwn(query, name) ? query[name] : undefined;

/** The string Paymob signs for the response callback (the browser's redirect back to the shop), from its query. */
export const redirectSignedString = (query: Record<string, unknown>) =>
  SIGNED_FIELDS.map((f) => text(queryValue(query, f.inQuery))).join('');

const redirectWellFormed = (query: Record<string, unknown>) =>
  SIGNED_FIELDS.every((f) => wellFormed(queryValue(query, f.inQuery), f.kind, true));

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
  transactionWellFormed(obj) && hmacMatches(hmac, transactionSignedString(obj), secret);

/** A response callback (redirect) whose query carries its own `hmac`. */
export const verifyRedirect = (query: Record<string, unknown>, secret: string) =>
  redirectWellFormed(query) && hmacMatches(query.hmac, redirectSignedString(query), secret);
