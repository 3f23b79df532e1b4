import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

interface ConfirmModalProps {
  show: boolean;
  title: string;
  body?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Disables the buttons while the action runs. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The one confirmation dialog (review, address, product and coupon deletion). */
export default function ConfirmModal({ show, title, body, confirmLabel = 'حذف', cancelLabel = 'تراجع', busy = false, onConfirm, onCancel }: ConfirmModalProps) {
  return (
    <Modal show={show} onHide={onCancel} centered>
      <Modal.Header>
        <Modal.Title as="h2" className="fs-5">{title}</Modal.Title>
      </Modal.Header>
      {body && <Modal.Body>{body}</Modal.Body>}
      <Modal.Footer className="justify-content-start">
        <Button variant="danger" onClick={onConfirm} disabled={busy}>{confirmLabel}</Button>
        <Button variant="outline-secondary" onClick={onCancel} disabled={busy}>{cancelLabel}</Button>
      </Modal.Footer>
    </Modal>
  );
}
