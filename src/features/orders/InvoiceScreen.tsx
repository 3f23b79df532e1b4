import { Link } from 'react-router-dom';
import { adminPageTitle, usePageMeta } from '../../lib/usePageMeta';
import Invoice from './Invoice';
import OrderLoadState from './OrderLoadState';
import { useRouteOrder } from './useRouteOrder';

/** Where each copy of the invoice sits: the customer's order page, or the owner's. */
const AREAS = {
  user: {
    orderPath: '/user/orders',
    backLabel: 'العودة الى الطلب',
    backClassName: 'tap-target',
    pageTitle: (title: string) => title,
    notFoundText: 'ربما تغير الرابط او ان الطلب ليس من طلباتك.',
  },
  admin: {
    orderPath: '/admin/orders',
    backLabel: 'العودة الى تفاصيل الطلب',
    backClassName: undefined,
    pageTitle: adminPageTitle,
    notFoundText: 'ربما تغير الرابط او حُذف الطلب.',
  },
};

/**
 * /user/orders/:id/invoice and /admin/orders/:id/invoice: an order's invoice on a page of its own, without the shop's
 * bars or the admin menu, so that printing it, or saving it as PDF, gives the invoice alone. The customer opens one of
 * their orders; the owner any order (to print a receipt for the parcel, or save the PDF).
 */
export default function InvoiceScreen({ area }: { area: keyof typeof AREAS }) {
  const copy = AREAS[area];
  const route = useRouteOrder();
  const { id, order } = route;
  usePageMeta({ title: copy.pageTitle(order ? `فاتورة الطلب رقم ${order.id}` : 'الفاتورة') });

  return (
    <main className="container py-3">
      <nav className="d-print-none mb-3" aria-label="التنقل">
        <Link to={`${copy.orderPath}/${id}`} className={copy.backClassName}>
          {copy.backLabel}
        </Link>
      </nav>
      {order ? <Invoice order={order} /> : <OrderLoadState route={route} notFoundText={copy.notFoundText} />}
    </main>
  );
}
