import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import LoadError from '../../components/LoadError';
import NotFound from '../../components/NotFound';
import Spinner from '../../components/Spinner';
import Invoice from '../../features/orders/Invoice';
import { fetchOrder, selectOrderDetails } from '../../features/orders/ordersSlice';
import { usePageMeta } from '../../lib/usePageMeta';

/**
 * /user/orders/:id/invoice: the invoice of one of the customer's orders, on a page of its own (no shop bars) so that
 * printing it, or saving it as PDF, gives the invoice alone.
 */
export default function UserOrderInvoicePage() {
  const { id = '' } = useParams();
  const dispatch = useAppDispatch();
  const { order: stored, status, missing } = useAppSelector(selectOrderDetails);
  const order = stored?._id === id ? stored : null;
  usePageMeta({ title: order ? `فاتورة الطلب رقم ${order.id}` : 'الفاتورة' });

  useEffect(() => {
    void dispatch(fetchOrder(id));
  }, [dispatch, id]);

  let content;
  if (order) content = <Invoice order={order} />;
  else if (status !== 'failed') content = <Spinner />;
  else if (missing)
    content = <NotFound title="هذا الطلب غير موجود" text="ربما تغير الرابط او ان الطلب ليس من طلباتك." />;
  else content = <LoadError onRetry={() => void dispatch(fetchOrder(id))} />;

  return (
    <main className="container py-3">
      <nav className="d-print-none mb-3" aria-label="التنقل">
        <Link to={`/user/orders/${id}`} className="tap-target">
          العودة الى الطلب
        </Link>
      </nav>
      {content}
    </main>
  );
}
