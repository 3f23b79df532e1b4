import type { PaymobMethod, PaymobSettings } from '../../../paymentSettings';

/**
 * Paymob answered with an error, or could not be reached; `status` is Paymob's HTTP status (0: no answer; 200: it
 * answered, but what it made did not succeed, such as a refund it declined).
 */
export class PaymobError extends Error {
  constructor(
    message: string,
    public readonly status: number,
  ) {
    super(message);
  }
}

export interface IntentionItem {
  name: string;
  /** Unit price in piastres. */
  amount: number;
  quantity: number;
}

export interface IntentionRequest {
  method: PaymobMethod;
  /** Piastres; the items' amount × quantity add up to it. */
  amount: number;
  items: IntentionItem[];
  billing: {
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    street: string;
    city: string;
    postalCode: string;
  };
  /** Our payment-session id: Paymob's merchant reference, shown in its dashboard (not signed, so never trusted alone). */
  specialReference: string;
  notificationUrl: string;
  redirectionUrl: string;
}

export interface Intention {
  intentionId: string;
  /** Paymob's order id: every transaction callback of this intention carries it as `obj.order.id`. */
  paymobOrderId: number;
  /** The unified checkout page, in Paymob's documented form `…/unifiedcheckout/?publicKey=…&clientSecret=…`. */
  checkoutUrl: string;
}

const TIMEOUT_MS = 20_000;

/** Paymob's documented "not applicable" for billing fields a shop does not collect. */
const NA = 'NA';

/** A small client of Paymob's intention and refund APIs over fetch (README, "Dependencies", says why not an SDK). */
export function paymobClient(settings: PaymobSettings) {
  const call = async (path: string, body: unknown) => {
    let response: Response;
    try {
      response = await fetch(`${settings.apiUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `Token ${settings.secretKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new PaymobError(`Paymob could not be reached: ${(err as Error).message}`, 0);
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (!response.ok)
      throw new PaymobError(`Paymob answered ${response.status} to ${path}: ${text.slice(0, 300)}`, response.status);
    if (typeof json !== 'object' || json === null)
      throw new PaymobError(`Paymob answered ${path} with something that is not JSON`, response.status);
    return json as Record<string, unknown>;
  };

  return {
    /** POST /v1/intention/: one payment of `amount` piastres in EGP through the chosen method's integration. */
    async createIntention(request: IntentionRequest): Promise<Intention> {
      const integration = settings.integrations[request.method];
      if (integration === undefined) throw new PaymobError(`Paymob method ${request.method} is not enabled`, 0);
      const b = request.billing;
      const answer = await call('/v1/intention/', {
        amount: request.amount,
        currency: 'EGP',
        payment_methods: [integration],
        items: request.items.map((item) => ({ name: item.name, amount: item.amount, quantity: item.quantity })),
        billing_data: {
          first_name: b.firstName,
          last_name: b.lastName,
          email: b.email,
          phone_number: b.phone,
          street: b.street || NA,
          building: NA,
          floor: NA,
          apartment: NA,
          city: b.city || NA,
          state: NA,
          postal_code: b.postalCode || NA,
          country: 'EG',
        },
        customer: { first_name: b.firstName, last_name: b.lastName, email: b.email },
        special_reference: request.specialReference,
        notification_url: request.notificationUrl,
        redirection_url: request.redirectionUrl,
      });
      const clientSecret = answer.client_secret;
      const orderId = answer.intention_order_id;
      if (typeof clientSecret !== 'string' || !clientSecret || !Number.isSafeInteger(orderId))
        throw new PaymobError('Paymob created an intention without a client secret or an order id', 0);
      const checkout = new URL(`${settings.apiUrl}/unifiedcheckout/`);
      checkout.searchParams.set('publicKey', settings.publicKey);
      checkout.searchParams.set('clientSecret', clientSecret);
      return {
        intentionId: String(answer.id ?? ''),
        paymobOrderId: orderId as number,
        checkoutUrl: checkout.toString(),
      };
    },

    /** POST /api/acceptance/void_refund/refund: gives back `amountCents` of a paid transaction; its id when done. */
    async refund(transactionId: number, amountCents: number): Promise<{ refundId: string }> {
      const answer = await call('/api/acceptance/void_refund/refund', {
        transaction_id: transactionId,
        amount_cents: amountCents,
      });
      // Paymob answers the refund transaction it made; one that did not succeed is a refusal, however it was answered.
      if (answer.success !== true && answer.success !== 'true') {
        const data = (typeof answer.data === 'object' && answer.data !== null ? answer.data : {}) as Record<
          string,
          unknown
        >;
        throw new PaymobError(
          `Paymob refused the refund of transaction ${transactionId}: ${String(data.message ?? answer.detail ?? 'no reason given')}`,
          200,
        );
      }
      return { refundId: String(answer.id) };
    },
  };
}

export type PaymobClient = ReturnType<typeof paymobClient>;
