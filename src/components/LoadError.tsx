import { FAILURE_TEXTS } from '../lib/failures';

const LOAD_ERROR_TEXT = 'تعذر تحميل البيانات';
const RETRY_TEXT = 'إعادة المحاولة';

interface LoadErrorProps {
  /** Sends the failed load again. */
  onRetry: () => void;
  message?: string;
}

/**
 * A load that failed, with a retry button. DESIGN.md records this deliberate difference from SPEC's 'AN error Has Found':
 * every failed load in the shop (storefront, customer area and admin) shows this one component. Plain Bootstrap markup:
 * it is in every shopper's first load, where react-bootstrap's Alert would bring its fade transition machinery.
 */
export default function LoadError({ onRetry, message = LOAD_ERROR_TEXT }: LoadErrorProps) {
  // Without a connection, the shopper is told so (lib/failures.ts), not only that the data did not load.
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  return (
    <div role="alert" className="alert alert-danger d-flex flex-wrap align-items-center gap-2 my-3">
      <span>{offline ? `${message}: ${FAILURE_TEXTS.offline}` : message}</span>
      <button type="button" className="btn btn-outline-danger btn-sm" onClick={onRetry}>
        {RETRY_TEXT}
      </button>
    </div>
  );
}
