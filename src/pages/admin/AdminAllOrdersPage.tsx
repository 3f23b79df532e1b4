import { useEffect, useState } from 'react';
import { getOrders } from '../../api/orders';
import type { ListResponse, Order } from '../../api/types';
import { LOAD_FAILED_MESSAGE } from '../../components/admin/adminMessages';
import OrderCard from '../../components/OrderCard';
import Paginator from '../../components/Paginator';
import Spinner from '../../components/Spinner';

/** SPEC §9: admin orders page size. */
export const ADMIN_ORDERS_PAGE_SIZE = 5;
export const NO_ORDERS_MESSAGE = 'لا يوجد طلبات حتى الان';

type OrderPage = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; list: ListResponse<Order> };

export default function AdminAllOrdersPage() {
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<OrderPage>({ state: 'loading' });

  useEffect(() => {
    let active = true;
    getOrders(page, ADMIN_ORDERS_PAGE_SIZE)
      .then((list) => active && setResult({ state: 'loaded', list }))
      .catch(() => active && setResult({ state: 'failed' }));
    return () => {
      active = false;
    };
  }, [page]);

  return (
    <section>
      <h1 className="h4 my-3">ادارة جميع الطلبات</h1>
      {result.state === 'loading' && <Spinner />}
      {result.state === 'failed' && <p className="text-danger">{LOAD_FAILED_MESSAGE}</p>}
      {result.state === 'loaded' && result.list.data.length === 0 && <p>{NO_ORDERS_MESSAGE}</p>}
      {result.state === 'loaded' && result.list.data.length > 0 && (
        <>
          <p className="text-muted small">عدد الطلبات: {result.list.results}</p>
          {result.list.data.map((order) => (
            <OrderCard key={order._id} order={order} to={`/admin/orders/${order._id}`} showCustomer />
          ))}
          <Paginator pageCount={result.list.paginationResult.numberOfPages} currentPage={page} onPageChange={setPage} />
        </>
      )}
    </section>
  );
}
