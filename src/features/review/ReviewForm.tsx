import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { toast } from '../../lib/toast';
import type { Id } from '../../api/types';
import { useAppDispatch } from '../../app/hooks';
import StarRating from '../../components/StarRating';
import { createReview } from './reviewSlice';
import { REVIEW_MESSAGES } from './reviewMessages';

/** Add-review form: 5 stars with half steps and a comment. `onDone` runs after a successful add. */
export default function ReviewForm({ productId, onDone }: { productId: Id; onDone: () => void }) {
  const dispatch = useAppDispatch();
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      toast.error(REVIEW_MESSAGES.writeComment);
      return;
    }
    if (rating === 0) {
      toast.error(REVIEW_MESSAGES.chooseRating);
      return;
    }
    setBusy(true);
    const result = await dispatch(createReview({ productId, body: { review: text.trim(), rating } }));
    setBusy(false);
    if (createReview.fulfilled.match(result)) {
      toast.success(REVIEW_MESSAGES.created);
      setText('');
      setRating(0);
      onDone();
    } else if (result.payload?.status === 403) {
      toast.error(REVIEW_MESSAGES.adminsMayNotRate);
    } else if (result.payload?.code === 'review_duplicate') {
      toast.error(REVIEW_MESSAGES.alreadyReviewed);
    } else {
      toast.failure(result.payload ?? { message: '' }, { fallback: REVIEW_MESSAGES.createFailed });
    }
  };

  return (
    <Form onSubmit={(e) => void submit(e)} className="border-bottom pb-3 mb-3">
      <div className="d-flex align-items-center gap-2 mb-2">
        <span aria-hidden="true">تقييمك:</span>
        <StarRating value={rating} onChange={setRating} size={22} label="تقييمك للمنتج" />
      </div>
      <Form.Group controlId="new-review-text" className="mb-2">
        <Form.Label className="visually-hidden">اكتب تعليقك</Form.Label>
        <Form.Control
          as="textarea"
          rows={2}
          placeholder="اكتب تعليقك...."
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </Form.Group>
      <Button type="submit" variant="dark" disabled={busy}>
        اضف تعليق
      </Button>
    </Form>
  );
}
