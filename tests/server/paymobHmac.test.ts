import { describe, expect, it } from 'vitest';
import {
  redirectSignedString,
  transactionSignedString,
  verifyRedirect,
  verifyTransactionCallback,
} from '../../server/modules/payments/paymob/hmac';
import { PAYMOB_EGYPT_URL, readPaymobSettings } from '../../server/paymentSettings';
import { SettingError } from '../../server/config';

// Paymob's published example ("HMAC Transaction Callback"): the sample transaction processed callback's signed fields,
// the string they make, the HMAC secret of the sample and the HMAC Paymob gives for it.
const PUBLISHED_STRING =
  '1000002024-06-13T11:33:44.592345EGPfalsefalse1920364654097558truefalsefalsefalsetruefalse217503754302852false2346MasterCardcardtrue';
const PUBLISHED_SECRET = '04DC1A9490B8CC2094C011FC055ADCDB';
const PUBLISHED_HMAC =
  'fa8ac0b7f3852e60c50e7fdd4ea5ef0bda96030c19dea1d55df8c76d6c08ab1877774662cbb04981dc84839ad4da560bcc8cb53b8973548657f7e8f8d2e79930';

/** The sample callback's `obj`, with fields Paymob sends but does not sign among them. */
const sampleObj = () => ({
  id: 192036465,
  pending: false,
  amount_cents: 100000,
  success: true,
  is_auth: false,
  is_capture: false,
  is_standalone_payment: true,
  is_voided: false,
  is_refunded: false,
  is_3d_secure: true,
  integration_id: 4097558,
  profile_id: 164295,
  has_parent_transaction: false,
  order: { id: 217503754, created_at: '2024-06-13T11:32:09.628623', delivery_needed: false, merchant_order_id: null },
  created_at: '2024-06-13T11:33:44.592345',
  currency: 'EGP',
  source_data: { pan: '2346', type: 'card', tenure: null, sub_type: 'MasterCard' },
  api_source: 'IFRAME',
  is_void: false,
  is_refund: false,
  data: { message: 'Approved' },
  error_occured: false,
  refunded_amount_cents: 0,
  owner: 302852,
  parent_transaction: null,
});

/** The same transaction as the response callback's query (the browser's redirect back to the shop). */
const sampleQuery = (): Record<string, string> => ({
  id: '192036465',
  pending: 'false',
  amount_cents: '100000',
  success: 'true',
  is_auth: 'false',
  is_capture: 'false',
  is_standalone_payment: 'true',
  is_voided: 'false',
  is_refunded: 'false',
  is_3d_secure: 'true',
  integration_id: '4097558',
  profile_id: '164295',
  has_parent_transaction: 'false',
  order: '217503754',
  created_at: '2024-06-13T11:33:44.592345',
  currency: 'EGP',
  error_occured: 'false',
  owner: '302852',
  'source_data.type': 'card',
  'source_data.pan': '2346',
  'source_data.sub_type': 'MasterCard',
  'data.message': 'Approved',
  hmac: PUBLISHED_HMAC,
});

/** A different value of the same kind, for each signed field. */
const changed = (value: unknown) =>
  typeof value === 'boolean' ? !value : typeof value === 'number' ? value + 1 : `${String(value)}0`;

const SIGNED_PATHS = [
  ['amount_cents'],
  ['created_at'],
  ['currency'],
  ['error_occured'],
  ['has_parent_transaction'],
  ['id'],
  ['integration_id'],
  ['is_3d_secure'],
  ['is_auth'],
  ['is_capture'],
  ['is_refunded'],
  ['is_standalone_payment'],
  ['is_voided'],
  ['order', 'id'],
  ['owner'],
  ['pending'],
  ['source_data', 'pan'],
  ['source_data', 'sub_type'],
  ['source_data', 'type'],
  ['success'],
];

describe('Paymob HMAC', () => {
  it("signs Paymob's published sample exactly: its string and its HMAC", () => {
    expect(transactionSignedString(sampleObj())).toBe(PUBLISHED_STRING);
    expect(verifyTransactionCallback(sampleObj(), PUBLISHED_HMAC, PUBLISHED_SECRET)).toBe(true);
    // Hex is hex in either case.
    expect(verifyTransactionCallback(sampleObj(), PUBLISHED_HMAC.toUpperCase(), PUBLISHED_SECRET)).toBe(true);
  });

  it('the same transaction as a redirect query verifies with the same HMAC', () => {
    expect(redirectSignedString(sampleQuery())).toBe(PUBLISHED_STRING);
    expect(verifyRedirect(sampleQuery(), PUBLISHED_SECRET)).toBe(true);
  });

  it.each(SIGNED_PATHS.map((path) => [path.join('.'), path]))('refuses the sample with %s changed', (_name, path) => {
    const obj = sampleObj() as Record<string, unknown>;
    const parent = path.length === 2 ? (obj[path[0]] as Record<string, unknown>) : obj;
    const key = path[path.length - 1];
    parent[key] = changed(parent[key]);
    expect(verifyTransactionCallback(obj, PUBLISHED_HMAC, PUBLISHED_SECRET)).toBe(false);
  });

  it('refuses every signed field of the redirect changed, and a redirect whose order id is not where Paymob puts it', () => {
    for (const key of Object.keys(sampleQuery()).filter(
      (k) => k !== 'hmac' && !['profile_id', 'data.message'].includes(k),
    )) {
      const query = sampleQuery();
      query[key] = String(changed(query[key] === 'true' ? true : query[key] === 'false' ? false : query[key]));
      expect(verifyRedirect(query, PUBLISHED_SECRET), key).toBe(false);
    }
    const moved: Record<string, string> = sampleQuery();
    moved.orderId = moved.order;
    delete moved.order;
    expect(verifyRedirect(moved, PUBLISHED_SECRET)).toBe(false);
  });

  it("reads the redirect's order id as order_id (Paymob's documented name) or order (its older one), never two of them that differ", () => {
    const documented: Record<string, string> = sampleQuery();
    documented.order_id = documented.order;
    delete documented.order;
    expect(redirectSignedString(documented)).toBe(PUBLISHED_STRING);
    expect(verifyRedirect(documented, PUBLISHED_SECRET)).toBe(true);
    expect(verifyRedirect({ ...sampleQuery(), order_id: sampleQuery().order }, PUBLISHED_SECRET)).toBe(true);
    expect(verifyRedirect({ ...sampleQuery(), order_id: '217503755' }, PUBLISHED_SECRET)).toBe(false);
    expect(verifyRedirect({ ...documented, order: '217503755' }, PUBLISHED_SECRET)).toBe(false);
  });

  it('fields not signed may change; their values are still never trusted', () => {
    const obj = { ...sampleObj(), refunded_amount_cents: 5, profile_id: 1 };
    expect(verifyTransactionCallback(obj, PUBLISHED_HMAC, PUBLISHED_SECRET)).toBe(true);
  });

  it('refuses the signed values in another order, a wrong secret, a missing or malformed hmac', () => {
    const swapped = { ...sampleObj(), amount_cents: '2024-06-13T11:33:44.592345', created_at: 100000 };
    expect(verifyTransactionCallback(swapped, PUBLISHED_HMAC, PUBLISHED_SECRET)).toBe(false);
    const reversedKeys = Object.fromEntries(Object.entries(sampleObj()).reverse());
    // Order of the JSON keys does not matter: the documented order of the fields does.
    expect(verifyTransactionCallback(reversedKeys, PUBLISHED_HMAC, PUBLISHED_SECRET)).toBe(true);
    expect(verifyTransactionCallback(sampleObj(), PUBLISHED_HMAC, `${PUBLISHED_SECRET}x`)).toBe(false);
    expect(verifyTransactionCallback(sampleObj(), PUBLISHED_HMAC, '')).toBe(false);
    for (const hmac of [
      undefined,
      '',
      'abc',
      PUBLISHED_HMAC.slice(0, 127),
      `${PUBLISHED_HMAC}00`,
      ['x'],
      42,
      `${PUBLISHED_HMAC.slice(0, 127)}g`,
    ])
      expect(verifyTransactionCallback(sampleObj(), hmac, PUBLISHED_SECRET)).toBe(false);
    for (const obj of [
      null,
      undefined,
      [],
      'text',
      { ...sampleObj(), order: [217503754] },
      { ...sampleObj(), success: { toString: () => 'true' } },
    ])
      expect(verifyTransactionCallback(obj, PUBLISHED_HMAC, PUBLISHED_SECRET)).toBe(false);
  });
});

describe('Paymob settings', () => {
  const refuse = (message: string) => new SettingError(message);
  const complete = {
    PAYMOB_SECRET_KEY: 'egy_sk_test_x',
    PAYMOB_PUBLIC_KEY: 'egy_pk_test_x',
    PAYMOB_HMAC_SECRET: 'ABC',
    PAYMOB_CARD_INTEGRATION_ID: '4097558',
    PAYMOB_WALLET_INTEGRATION_ID: ' 4097559 ',
  };

  it('none set: no Paymob; all set: its keys, the enabled methods and Paymob Egypt by default', () => {
    expect(readPaymobSettings({}, refuse)).toBeUndefined();
    expect(readPaymobSettings(complete, refuse)).toEqual({
      secretKey: 'egy_sk_test_x',
      publicKey: 'egy_pk_test_x',
      hmacSecret: 'ABC',
      integrations: { card: 4097558, wallet: 4097559 },
      apiUrl: 'https://accept.paymob.com',
    });
    expect(PAYMOB_EGYPT_URL).toBe('https://accept.paymob.com');
    expect(readPaymobSettings({ ...complete, PAYMOB_API_URL: 'http://127.0.0.1:9/' }, refuse)?.apiUrl).toBe(
      'http://127.0.0.1:9',
    );
  });

  it('half a set-up stops the start with a line naming what is missing or wrong', () => {
    const { PAYMOB_HMAC_SECRET: _h, ...noHmac } = complete;
    expect(() => readPaymobSettings(noHmac, refuse)).toThrow('Paymob needs PAYMOB_HMAC_SECRET as well');
    expect(() =>
      readPaymobSettings({ PAYMOB_SECRET_KEY: 'a', PAYMOB_PUBLIC_KEY: 'b', PAYMOB_HMAC_SECRET: 'c' }, refuse),
    ).toThrow(/at least one method: PAYMOB_CARD_INTEGRATION_ID/);
    expect(() => readPaymobSettings({ ...complete, PAYMOB_VALU_INTEGRATION_ID: '12a' }, refuse)).toThrow(
      'PAYMOB_VALU_INTEGRATION_ID="12a" is not a Paymob integration id (a number)',
    );
    expect(() => readPaymobSettings({ ...complete, PAYMOB_API_URL: 'accept.paymob.com' }, refuse)).toThrow(
      SettingError,
    );
  });
});
