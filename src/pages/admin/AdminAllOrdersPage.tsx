import { useCallback, useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { AdminOrderQuery, OrdersExport as OrdersExportKind } from '../../api/admin/orders';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import AdminOrderCard from '../../features/orders/admin/AdminOrderCard';
import FilterSelect from '../../components/admin/FilterSelect';
import LoadError from '../../components/LoadError';
import { PAYMENT_METHOD_LABELS } from '../../components/orderLabels';
import Paginator from '../../components/Paginator';
import Spinner from '../../components/Spinner';
import { exportOrders } from '../../features/orders/adminThunks';
import { adminOrderListClosed, fetchAdminOrders, selectAdminOrderList } from '../../features/orders/ordersSlice';
import { describeAdminError } from '../../components/admin/adminErrors';
import { toast } from '../../lib/toast';
import { useAdminPageMeta } from '../../lib/usePageMeta';
import { useUrlFilters } from '../../lib/useUrlFilters';

/** SPEC §9: admin orders page size. */
const ADMIN_ORDERS_PAGE_SIZE = 5;
const NO_ORDERS_MESSAGE = 'لا يوجد طلبات حتى الان';
const NO_MATCHING_ORDERS_MESSAGE = 'لا توجد طلبات تطابق البحث';

const FILTERS = ['search', 'isPaid', 'isDelivered', 'isCancelled', 'paymentMethodType', 'unconfirmed'] as const;
const asBool = (value: string | null) => (value === 'true' ? true : value === 'false' ? false : undefined);

/** The filters live in the address (`?isPaid=false`…), so the dashboard can link to a filtered list. */
function queryOf(params: URLSearchParams, page: number): AdminOrderQuery {
  return { page, limit: ADMIN_ORDERS_PAGE_SIZE, ...filtersOf(params) };
}

/** The list's filters without its page: what the CSV exports send too. */
function filtersOf(params: URLSearchParams): Omit<AdminOrderQuery, 'page' | 'limit'> {
  const method = params.get('paymentMethodType');
  return {
    unconfirmed: params.get('unconfirmed') === 'true' || undefined,
    search: params.get('search') ?? undefined,
    isPaid: asBool(params.get('isPaid')),
    isDelivered: asBool(params.get('isDelivered')),
    isCancelled: asBool(params.get('isCancelled')),
    paymentMethodType: method === 'cash' || method === 'card' ? method : undefined,
  };
}

const EXPORTS: Array<{ kind: OrdersExportKind; label: string }> = [
  { kind: 'orders', label: 'تصدير الطلبات (CSV)' },
  { kind: 'lines', label: 'تصدير منتجات الطلبات (CSV)' },
];
const EXPORT_FAILED_MESSAGE = 'تعذر تصدير الملف، حاول مرة أخرى';

/** The two CSV downloads of the orders the current filters pick (all pages): a line per order, or per order item. */
function OrdersExport({ filters }: { filters: Omit<AdminOrderQuery, 'page' | 'limit'> }) {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState<OrdersExportKind | null>(null);
  const download = async (kind: OrdersExportKind) => {
    setBusy(kind);
    try {
      await dispatch(exportOrders({ kind, query: filters })).unwrap();
    } catch (err) {
      toast.error(describeAdminError(err, EXPORT_FAILED_MESSAGE).message);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="d-flex flex-wrap gap-2 mb-3">
      {EXPORTS.map(({ kind, label }) => (
        <Button
          key={kind}
          size="sm"
          variant="outline-dark"
          disabled={busy !== null}
          onClick={() => void download(kind)}
        >
          {busy === kind ? 'جار التصدير…' : label}
        </Button>
      ))}
    </div>
  );
}

export default function AdminAllOrdersPage() {
  useAdminPageMeta('الطلبات');
  const {
    params,
    paramString,
    filtered,
    setFilter,
    page,
    setPage,
    text: searchText,
    setText: setSearchText,
    submitText: submitSearch,
    clear,
  } = useUrlFilters(FILTERS, 'search');
  const dispatch = useAppDispatch();
  const { items, results, resultsCapped, numberOfPages, status } = useAppSelector(selectAdminOrderList);
  // Each filter, page or retry shows a spinner until its answer (only the latest request's answer is kept).
  const load = useCallback(
    () => void dispatch(fetchAdminOrders(queryOf(new URLSearchParams(paramString), page))),
    [dispatch, paramString, page],
  );
  useEffect(load, [load]);
  useEffect(() => () => void dispatch(adminOrderListClosed()), [dispatch]);

  return (
    <section>
      <h1 className="h4 my-3">ادارة جميع الطلبات</h1>
      <Form
        role="search"
        onSubmit={submitSearch}
        className="row g-2 align-items-end mb-3"
        aria-label="البحث في الطلبات"
      >
        <Form.Group controlId="orders-search" className="col-12">
          <Form.Label className="small mb-1">بحث برقم الطلب او اسم العميل او الايميل او الهاتف</Form.Label>
          <div className="d-flex gap-2">
            <Form.Control type="search" size="sm" value={searchText} onChange={(e) => setSearchText(e.target.value)} />
            <Button type="submit" size="sm" variant="dark" className="px-3">
              بحث
            </Button>
          </div>
        </Form.Group>
        <FilterSelect
          id="orders-paid"
          label="الدفع"
          choices={[
            ['false', 'لم يتم الدفع'],
            ['true', 'تم الدفع'],
          ]}
          value={params.get('isPaid') ?? ''}
          onChange={(v) => setFilter('isPaid', v)}
        />
        <FilterSelect
          id="orders-delivered"
          label="التوصيل"
          choices={[
            ['false', 'لم يتم التوصيل'],
            ['true', 'تم التوصيل'],
          ]}
          value={params.get('isDelivered') ?? ''}
          onChange={(v) => setFilter('isDelivered', v)}
        />
        <FilterSelect
          id="orders-cancelled"
          label="الالغاء"
          choices={[
            ['false', 'غير ملغي'],
            ['true', 'ملغي'],
          ]}
          value={params.get('isCancelled') ?? ''}
          onChange={(v) => setFilter('isCancelled', v)}
        />
        <FilterSelect
          id="orders-method"
          label="طريقة الدفع"
          choices={[
            ['cash', PAYMENT_METHOD_LABELS.cash],
            ['card', PAYMENT_METHOD_LABELS.card],
          ]}
          value={params.get('paymentMethodType') ?? ''}
          onChange={(v) => setFilter('paymentMethodType', v)}
        />
        <Form.Group controlId="orders-unconfirmed" className="col-12 col-md-6 align-self-center">
          <Form.Check
            type="switch"
            label="طلبات الدفع عند الاستلام غير المؤكدة"
            checked={params.get('unconfirmed') === 'true'}
            onChange={(e) => setFilter('unconfirmed', e.target.checked ? 'true' : '')}
          />
        </Form.Group>
        {filtered && (
          <div className="col-6 col-md-3">
            <Button size="sm" variant="outline-secondary" className="w-100" onClick={clear}>
              مسح الفلاتر
            </Button>
          </div>
        )}
      </Form>
      <OrdersExport filters={filtersOf(params)} />
      {(status === 'idle' || status === 'pending') && <Spinner />}
      {status === 'failed' && <LoadError onRetry={load} />}
      {status === 'succeeded' && items.length === 0 && (
        <p>{filtered ? NO_MATCHING_ORDERS_MESSAGE : NO_ORDERS_MESSAGE}</p>
      )}
      {status === 'succeeded' && items.length > 0 && (
        <>
          <p className="text-muted small">عدد الطلبات: {resultsCapped ? `أكثر من ${results}` : results}</p>
          {items.map((order) => (
            <AdminOrderCard key={order._id} order={order} />
          ))}
          <Paginator pageCount={numberOfPages} currentPage={page} onPageChange={setPage} />
        </>
      )}
    </section>
  );
}
