import { lazy, Suspense, useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { toast } from '../../lib/toast';
import type { Review } from '../../api/types';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import StarRating from '../../components/StarRating';
import { selectCurrentUser } from '../../app/userSlice';
import { REVIEW_MESSAGES } from './reviewMessages';
import { deleteReview, updateReview } from './reviewSlice';

// The edit and delete dialogs (react-bootstrap's Modal and Form) are only ever opened by a review's author: their code
// is fetched for an author alone, and each dialog is drawn once it has been opened.
const loadEditDialog = () => import('./ReviewEditDialog');
const loadConfirmModal = () => import('../../components/ConfirmModal');
const ReviewEditDialog = lazy(loadEditDialog);
const ConfirmModal = lazy(loadConfirmModal);

/** One review: name, stars, text; its author also gets edit and delete (SPEC §2, §6). */
export default function ReviewItem({ review, onChanged }: { review: Review; onChanged: () => void }) {
  const dispatch = useAppDispatch();
  const currentUser = useAppSelector(selectCurrentUser);
  const isAuthor = currentUser != null && currentUser._id === review.user?._id;
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // Once opened, a dialog stays drawn (hidden when closed), so it can play its closing transition.
  const [editOpened, setEditOpened] = useState(false);
  const [deleteOpened, setDeleteOpened] = useState(false);
  const [busy, setBusy] = useState(false);
  const [rating, setRating] = useState(review.rating);
  const [text, setText] = useState(review.review);

  // The author is likely to open one: the dialogs' code is fetched ahead, so it opens at once.
  useEffect(() => {
    if (!isAuthor) return;
    // Only ahead of time: a failure here says nothing, opening the dialog asks for the code itself.
    loadEditDialog().catch(() => undefined);
    loadConfirmModal().catch(() => undefined);
  }, [isAuthor]);

  const openEdit = () => {
    setRating(review.rating);
    setText(review.review);
    setEditing(true);
    setEditOpened(true);
  };

  const openDelete = () => {
    setDeleting(true);
    setDeleteOpened(true);
  };

  const saveEdit = async () => {
    if (!text.trim() || rating <= 0) {
      toast.warn(REVIEW_MESSAGES.editIncomplete);
      return;
    }
    setBusy(true);
    const result = await dispatch(updateReview({ reviewId: review._id, body: { review: text.trim(), rating } }));
    setBusy(false);
    setEditing(false);
    if (updateReview.fulfilled.match(result)) {
      toast.success(REVIEW_MESSAGES.edited);
      onChanged();
    } else {
      toast.failure(result.payload ?? { message: '' }, { fallback: REVIEW_MESSAGES.editFailed });
    }
  };

  const confirmDelete = async () => {
    setBusy(true);
    const result = await dispatch(deleteReview(review._id));
    setBusy(false);
    setDeleting(false);
    if (deleteReview.fulfilled.match(result)) {
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
            <Button variant="link" size="sm" className="p-1 text-danger" aria-label="حذف التقييم" onClick={openDelete}>
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

      {deleteOpened && (
        <Suspense fallback={null}>
          <ConfirmModal
            show={deleting}
            title="تأكيد الحذف"
            body="هل انت متأكد من حذف التقييم؟"
            busy={busy}
            onConfirm={() => void confirmDelete()}
            onCancel={() => setDeleting(false)}
          />
        </Suspense>
      )}

      {editOpened && (
        <Suspense fallback={null}>
          <ReviewEditDialog
            show={editing}
            reviewId={review._id}
            rating={rating}
            text={text}
            busy={busy}
            onRatingChange={setRating}
            onTextChange={setText}
            onSave={() => void saveEdit()}
            onCancel={() => setEditing(false)}
          />
        </Suspense>
      )}
    </li>
  );
}
