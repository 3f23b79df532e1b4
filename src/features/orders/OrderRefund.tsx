import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import type { ApiError, Order } from '../../api/types';
import { useAppDispatch } from '../../app/hooks';
import ConfirmModal from '../../components/ConfirmModal';
import { failureText } from '../../lib/failures';
import { toast } from '../../lib/toast';
import { formatEGP } from '../../../common/format';
import { refundOrder } from './ordersSlice';
import type { ErrorCode } from '../../../common/contract/errorCodes';
import { REFUND_FAILURES, REFUND_TEXTS, canRefund } from './refund';

/**
 * The owner's "استرداد المبلغ" on the admin order page: after a confirmation that says what happens (the whole amount
 * back through the payment company, the order cancelled, its products back in stock), the refund; the orders slice
 * keeps the order as it is after it. A refusal is said in Arabic; an order refunded meanwhile is fetched again
 * (`onStale`).
 */
export default function OrderRefund({ order, onStale }: { order: Order; onStale: () => void }) {
  const dispatch = useAppDispatch();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!canRefund(order)) return null;

  const refund = async () => {
    setBusy(true);
    try {
      await dispatch(refundOrder(order._id)).unwrap();
      toast.success(REFUND_TEXTS.done);
      setConfirming(false);
    } catch (err) {
      const error = err as ApiError;
      toast.error(REFUND_FAILURES[error.code as ErrorCode] ?? failureText(error));
      setConfirming(false);
      if (error.status === 409) onStale();
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="outline-danger" onClick={() => setConfirming(true)} disabled={busy}>
        {REFUND_TEXTS.button}
      </Button>
      <ConfirmModal
        show={confirming}
        title={`استرداد مبلغ الطلب رقم #${order.id}؟`}
        body={`سيُرد المبلغ كاملاً (${formatEGP(order.totalOrderPrice)}) إلى العميل عن طريق شركة الدفع، ويُلغى الطلب وتعود منتجاته إلى المخزون. لا يمكن التراجع عن ذلك.`}
        confirmLabel={REFUND_TEXTS.button}
        cancelLabel={REFUND_TEXTS.keep}
        busy={busy}
        onConfirm={() => void refund()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
