import { useEffect, useRef } from 'react';

// The card payment page opens in a new tab, without a handle back to the shop's tab (opener is cut). When the payment
// provider sends the shopper back to the shop (the orders page, API.md's success URL), that tab tells the others on this
// channel, so the tab that started the payment can refresh the cart and orders and say the order was paid.
const CHANNEL = 'shop-payments';
const RETURNED = 'payment-return';

const channelSupported = () => typeof BroadcastChannel !== 'undefined';

/** Called where the payment provider sends the shopper back (the orders page). */
export function announcePaymentReturn(): void {
  if (!channelSupported()) return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(RETURNED);
  channel.close();
}

/** Runs `onReturn` whenever this tab is shown or focused again, and when another tab reports a payment return. */
export function useTabReturn(onReturn: () => void): void {
  const latest = useRef(onReturn);
  useEffect(() => {
    latest.current = onReturn;
  });

  useEffect(() => {
    const run = () => latest.current();
    const onVisible = () => {
      if (document.visibilityState === 'visible') run();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', run);
    const channel = channelSupported() ? new BroadcastChannel(CHANNEL) : null;
    channel?.addEventListener('message', (event: MessageEvent) => {
      if (event.data === RETURNED) run();
    });
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', run);
      channel?.close();
    };
  }, []);
}
