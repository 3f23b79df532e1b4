/**
 * Opens the payment page in a new window (SPEC §4). When a popup blocker refuses, the shopper is taken there
 * in this tab instead, so the payment never silently fails to appear.
 */
export function openPaymentPage(url: string): void {
  const win = window.open(url, '_blank');
  if (win) {
    // The payment page must not be able to script the shop's tab.
    win.opener = null;
  } else {
    window.location.assign(url);
  }
}
