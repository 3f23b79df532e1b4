import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';

const LOAD_ERROR_TEXT = 'تعذر تحميل البيانات';
const RETRY_TEXT = 'إعادة المحاولة';

interface LoadErrorProps {
  /** Sends the failed load again. */
  onRetry: () => void;
  message?: string;
}

/**
 * A load that failed, with a retry button. DESIGN.md records this deliberate difference from SPEC's 'AN error Has Found':
 * every failed load in the shop (storefront, customer area and admin) shows this one component.
 */
export default function LoadError({ onRetry, message = LOAD_ERROR_TEXT }: LoadErrorProps) {
  return (
    <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-2 my-3">
      <span>{message}</span>
      <Button variant="outline-danger" size="sm" onClick={onRetry}>
        {RETRY_TEXT}
      </Button>
    </Alert>
  );
}
