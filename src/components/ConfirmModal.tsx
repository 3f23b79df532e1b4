import { useId } from 'react';
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
  /** The action cannot be done (the body says why): its button is disabled, only stepping back is offered. */
  blocked?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** After the dialog has closed and given the focus back (to move it elsewhere when its opener is gone). */
  onExited?: () => void;
}

/** The one confirmation dialog (review, address, product and coupon deletion). */
export default function ConfirmModal({
  show,
  title,
  body,
  confirmLabel = 'حذف',
  cancelLabel = 'تراجع',
  busy = false,
  blocked = false,
  onConfirm,
  onCancel,
  onExited,
}: ConfirmModalProps) {
  // The title names the dialog for screen readers.
  const titleId = useId();
  return (
    <Modal show={show} onHide={onCancel} onExited={onExited} centered aria-labelledby={titleId}>
      <Modal.Header>
        <Modal.Title as="h2" className="fs-5" id={titleId}>
          {title}
        </Modal.Title>
      </Modal.Header>
      {body && <Modal.Body>{body}</Modal.Body>}
      <Modal.Footer className="justify-content-start">
        <Button variant="danger" onClick={onConfirm} disabled={busy || blocked}>
          {confirmLabel}
        </Button>
        <Button variant="outline-secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
