import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import LoadError from '../../components/LoadError';
import NotFound from '../../components/NotFound';
import Spinner from '../../components/Spinner';
import Invoice from '../../features/orders/Invoice';
import { fetchOrder, selectOrderDetails } from '../../features/orders/ordersSlice';
import { useAdminPageMeta } from '../../lib/usePageMeta';

/**
 * /admin/orders/:id/invoice: the owner's copy of any order's invoice (to print a receipt for the parcel, or save the
 * PDF), on a page of its own without the shop's bars or the admin menu, so that it prints alone.
 */
export default function AdminOrderInvoicePage() {
  const { id = '' } = useParams();
  const dispatch = useAppDispatch();
  const { order: stored, status, missing } = useAppSelector(selectOrderDetails);
  const order = stored?._id === id ? stored : null;
  useAdminPageMeta(order ? `فاتورة الطلب رقم ${order.id}` : 'الفاتورة');

  useEffect(() => {
    void dispatch(fetchOrder(id));
  }, [dispatch, id]);

  let content;
  if (order) content = <Invoice order={order} />;
  else if (status !== 'failed') content = <Spinner />;
  else if (missing) content = <NotFound title="هذا الطلب غير موجود" text="ربما تغير الرابط او حُذف الطلب." />;
  else content = <LoadError onRetry={() => void dispatch(fetchOrder(id))} />;

  return (
    <main className="container py-3">
      <nav className="d-print-none mb-3" aria-label="التنقل">
        <Link to={`/admin/orders/${id}`}>العودة الى تفاصيل الطلب</Link>
      </nav>
      {content}
    </main>
  );
}
