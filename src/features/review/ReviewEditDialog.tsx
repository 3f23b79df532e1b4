import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import type { Id } from '../../api/types';
import StarRating from '../../components/StarRating';

interface ReviewEditDialogProps {
  show: boolean;
  reviewId: Id;
  rating: number;
  text: string;
  busy: boolean;
  onRatingChange: (rating: number) => void;
  onTextChange: (text: string) => void;
  onSave: () => void;
  onCancel: () => void;
}

/** The dialog in which a review's author changes its stars and text (its own chunk: only an author opens it). */
export default function ReviewEditDialog({
  show,
  reviewId,
  rating,
  text,
  busy,
  onRatingChange,
  onTextChange,
  onSave,
  onCancel,
}: ReviewEditDialogProps) {
  return (
    <Modal show={show} onHide={onCancel} centered>
      <Modal.Header>
        <Modal.Title as="h2" className="fs-5">
          تعديل التقييم
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <div className="mb-2">
          <StarRating value={rating} onChange={onRatingChange} size={22} label="التقييم الجديد" />
        </div>
        <Form.Group controlId={`edit-review-${reviewId}`}>
          <Form.Label className="visually-hidden">نص التقييم</Form.Label>
          <Form.Control as="textarea" rows={3} value={text} onChange={(e) => onTextChange(e.target.value)} />
        </Form.Group>
      </Modal.Body>
      <Modal.Footer className="justify-content-start">
        <Button variant="dark" onClick={onSave} disabled={busy}>
          تعديل
        </Button>
        <Button variant="outline-secondary" onClick={onCancel} disabled={busy}>
          تراجع
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
