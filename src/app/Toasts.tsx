import 'react-toastify/dist/ReactToastify.css';
import { ToastContainer, type CloseButtonProps } from 'react-toastify';
import { DELAYS } from '../lib/delays';
import { usePhone } from '../lib/usePhone';

/** react-toastify's close button with an Arabic name (its own is called "close" and cannot be renamed). */
function CloseToastButton({ closeToast }: CloseButtonProps) {
  return (
    <button
      type="button"
      className="Toastify__close-button Toastify__close-button--light"
      aria-label="إغلاق الإشعار"
      onClick={(event) => {
        event.stopPropagation();
        closeToast(event);
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 14 16">
        <path
          fillRule="evenodd"
          d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"
        />
      </svg>
    </button>
  );
}

/**
 * Loaded lazily by AppProviders (see lib/toast.ts). Every name a screen reader hears is Arabic: the region, the close
 * button, and no countdown bar (react-toastify names it "notification timer", with no way to rename it).
 */
export default function Toasts() {
  // Never over the sticky top bar (cart, menu, search): at the bottom, at the far end of a right-to-left line on a wide
  // window; on a phone across the bottom, one at a time, above a sticky bottom bar when the page has one (styles.css).
  const phone = usePhone();
  return (
    <ToastContainer
      rtl
      position={phone ? 'bottom-center' : 'bottom-left'}
      limit={phone ? 1 : undefined}
      autoClose={DELAYS.toastAutoClose}
      newestOnTop
      hideProgressBar
      closeButton={CloseToastButton}
      aria-label="الإشعارات"
    />
  );
}
