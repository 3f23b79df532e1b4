import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { toast } from '../../lib/toast';
import type { Review } from '../../api/types';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import ConfirmModal from '../../components/ConfirmModal';
import StarRating from '../../components/StarRating';
import { selectCurrentUser } from '../user/userSlice';
import { REVIEW_MESSAGES } from './reviewMessages';
import { deletedReview, updatedReview } from './reviewSlice';

/** One review: name, stars, text; its author also gets edit and delete (SPEC §2, §6). */
export default function ReviewItem({ review, onChanged }: { review: Review; onChanged: () => void }) {
  const dispatch = useAppDispatch();
  const currentUser = useAppSelector(selectCurrentUser);
  const isAuthor = currentUser != null && currentUser._id === review.user?._id;
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [rating, setRating] = useState(review.rating);
  const [text, setText] = useState(review.review);

  const openEdit = () => {
    setRating(review.rating);
    setText(review.review);
    setEditing(true);
  };

  const saveEdit = async () => {
    if (!text.trim() || rating <= 0) {
      toast.warn(REVIEW_MESSAGES.editIncomplete);
      return;
    }
    setBusy(true);
    const result = await dispatch(updatedReview({ reviewId: review._id, body: { review: text.trim(), rating } }));
    setBusy(false);
    setEditing(false);
    if (updatedReview.fulfilled.match(result)) {
      toast.success(REVIEW_MESSAGES.edited);
      onChanged();
    } else {
      toast.failure(result.payload ?? { message: '' }, { fallback: REVIEW_MESSAGES.editFailed });
    }
  };

  const confirmDelete = async () => {
    setBusy(true);
    const result = await dispatch(deletedReview(review._id));
    setBusy(false);
    setDeleting(false);
    if (deletedReview.fulfilled.match(result)) {
      toast.success(REVIEW_MESSAGES.deleted);
      onChanged();
    } else {
      toast.failure(result.payload ?? { message: '' }, { fallback: REVIEW_MESSAGES.deleteFailed });
    }
  };

  return (
    <li className="border-bottom py-2">
      <div className="d-flex align-items-center gap-2">
        <span className="fw-bold">{review.user?.name}</span>
        <StarRating value={review.rating} />
        <span className="text-warning small">{review.rating}</span>
        {isAuthor && (
          <span className="ms-auto d-flex gap-1">
            <Button variant="link" size="sm" className="p-1" aria-label="تعديل التقييم" onClick={openEdit}>
              <svg viewBox="0 0 24 24" width={18} height={18} aria-hidden="true" focusable="false">
                <path
                  d="M4 20h4L19 9l-4-4L4 16zM14 6l4 4"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth={2}
                  strokeLinejoin="round"
                />
              </svg>
            </Button>
            <Button
              variant="link"
              size="sm"
              className="p-1 text-danger"
              aria-label="حذف التقييم"
              onClick={() => setDeleting(true)}
            >
              <svg viewBox="0 0 24 24" width={18} height={18} aria-hidden="true" focusable="false">
                <path
                  d="M5 7h14M10 7V4h4v3M7 7l1 13h8l1-13"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth={2}
                  strokeLinejoin="round"
                />
              </svg>
            </Button>
          </span>
        )}
      </div>
      <p className="mb-0 mt-1" style={{ whiteSpace: 'pre-line' }}>
        {review.review}
      </p>

      <ConfirmModal
        show={deleting}
        title="تأكيد الحذف"
        body="هل انت متأكد من حذف التقييم؟"
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(false)}
      />

      <Modal show={editing} onHide={() => setEditing(false)} centered>
        <Modal.Header>
          <Modal.Title as="h2" className="fs-5">
            تعديل التقييم
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <div className="mb-2">
            <StarRating value={rating} onChange={setRating} size={22} label="التقييم الجديد" />
          </div>
          <Form.Group controlId={`edit-review-${review._id}`}>
            <Form.Label className="visually-hidden">نص التقييم</Form.Label>
            <Form.Control as="textarea" rows={3} value={text} onChange={(e) => setText(e.target.value)} />
          </Form.Group>
        </Modal.Body>
        <Modal.Footer className="justify-content-start">
          <Button variant="dark" onClick={() => void saveEdit()} disabled={busy}>
            تعديل
          </Button>
          <Button variant="outline-secondary" onClick={() => setEditing(false)} disabled={busy}>
            تراجع
          </Button>
        </Modal.Footer>
      </Modal>
    </li>
  );
}
