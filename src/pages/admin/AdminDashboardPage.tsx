import { useCallback, useEffect } from 'react';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router-dom';
import type { PeriodFigures } from '../../api/admin/dashboard';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import RevenueChart from '../../features/orders/admin/RevenueChart';
import LoadError from '../../components/LoadError';
import Spinner from '../../components/Spinner';
import { dashboardClosed, fetchDashboard, selectDashboard } from '../../features/orders/ordersSlice';
import { formatEGP } from '../../../common/format';
import { usePageMeta } from '../../lib/usePageMeta';
import { piecesLabel } from '../../lib/plural';

function PeriodCard({ title, figures }: { title: string; figures: PeriodFigures }) {
  return (
    <Card className="h-100 shadow-sm" as="section" aria-label={title}>
      <Card.Body className="p-3">
        <h2 className="h6 text-muted mb-2">{title}</h2>
        <p className="fs-4 fw-bold mb-0">
          {figures.orders} <span className="fs-6 fw-normal">طلب</span>
        </p>
        <p className="mb-0">{formatEGP(figures.revenue)}</p>
      </Card.Body>
    </Card>
  );
}

/** A count that links to the list it counts. */
function CountLink({ to, count, label, warn }: { to: string; count: number; label: string; warn: boolean }) {
  return (
    <Link
      to={to}
      className={`list-group-item list-group-item-action d-flex justify-content-between align-items-center${warn && count > 0 ? ' list-group-item-warning' : ''}`}
    >
      <span>{label}</span>
      <span className="badge text-bg-dark rounded-pill">{count}</span>
    </Link>
  );
}

/** /admin: the owner's day at a glance (GET /dashboard; days are Cairo days). */
export default function AdminDashboardPage() {
  usePageMeta({ title: 'لوحة التحكم' });
  const dispatch = useAppDispatch();
  const { figures, status } = useAppSelector(selectDashboard);
  const load = useCallback(() => void dispatch(fetchDashboard()), [dispatch]);
  useEffect(load, [load]);
  // Each visit starts from a spinner, not from the figures of the last one.
  useEffect(() => () => void dispatch(dashboardClosed()), [dispatch]);

  if (status === 'failed') return <LoadError onRetry={load} />;
  if (!figures) return <Spinner />;
  const { periods, awaiting, stock, bestSellers, daily } = figures;

  return (
    <section>
      <h1 className="h4 my-3">لوحة التحكم</h1>
      <div className="row g-2 mb-3">
        <div className="col-12 col-sm-4">
          <PeriodCard title="اليوم" figures={periods.today} />
        </div>
        <div className="col-6 col-sm-4">
          <PeriodCard title="اخر 7 ايام" figures={periods.last7Days} />
        </div>
        <div className="col-6 col-sm-4">
          <PeriodCard title="اخر 30 يوما" figures={periods.last30Days} />
        </div>
      </div>

      <div className="row g-3 mb-3">
        <div className="col-12 col-md-6">
          <h2 className="h6">طلبات تنتظر</h2>
          <div className="list-group">
            <CountLink
              to="/admin/allorders?isPaid=false&isCancelled=false"
              count={awaiting.payment}
              label="تنتظر الدفع"
              warn
            />
            <CountLink
              to="/admin/allorders?isDelivered=false&isCancelled=false"
              count={awaiting.delivery}
              label="تنتظر التوصيل"
              warn
            />
          </div>
        </div>
        <div className="col-12 col-md-6">
          <h2 className="h6">المخزون</h2>
          <div className="list-group">
            <CountLink to="/admin/allproducts?stock=out" count={stock.outOfStock} label="منتجات نفدت من المخزون" warn />
            <CountLink
              to="/admin/allproducts?stock=low"
              count={stock.low}
              label={`منتجات قاربت على النفاد (${stock.lowThreshold} او اقل)`}
              warn
            />
          </div>
        </div>
      </div>

      <Card className="mb-3 shadow-sm">
        <Card.Body>
          <h2 className="h6">المبيعات اليومية في اخر 30 يوما</h2>
          <RevenueChart daily={daily} />
        </Card.Body>
      </Card>

      <Card className="mb-3 shadow-sm">
        <Card.Body>
          <h2 className="h6">الاكثر مبيعا في اخر 30 يوما</h2>
          {bestSellers.length === 0 ? (
            <p className="text-muted mb-0">لا توجد مبيعات في اخر 30 يوما</p>
          ) : (
            <ol className="list-unstyled mb-0">
              {bestSellers.map(({ product, sold, revenue }) => (
                <li key={product._id} className="d-flex align-items-center gap-2 py-2 border-bottom">
                  {product.imageCover && (
                    <img
                      src={product.imageCover}
                      alt=""
                      width={48}
                      height={36}
                      className="rounded bg-light flex-shrink-0"
                      style={{ objectFit: 'cover' }}
                    />
                  )}
                  <Link
                    to={`/admin/editproduct/${product._id}`}
                    className="flex-grow-1 text-truncate"
                    style={{ minWidth: 0 }}
                  >
                    {product.title}
                  </Link>
                  <span className="small text-nowrap">{piecesLabel(sold)}</span>
                  <span className="small text-nowrap text-muted">{formatEGP(revenue)}</span>
                </li>
              ))}
            </ol>
          )}
        </Card.Body>
      </Card>
    </section>
  );
}
