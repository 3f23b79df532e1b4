import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import OrderCard from '../../components/OrderCard';
import Paginator from '../../components/Paginator';
import Spinner from '../../components/Spinner';
import { fetchOrders, selectOrders } from '../../features/orders/ordersSlice';

export default function UserAllOrdersPage() {
  const dispatch = useAppDispatch();
  const { items, results, numberOfPages, page, status } = useAppSelector(selectOrders);

  useEffect(() => {
    void dispatch(fetchOrders({ page: 1 }));
  }, [dispatch]);

  let content;
  if (status === 'idle' || status === 'pending') content = <Spinner />;
  else if (status === 'failed') content = <p className="text-danger">AN error Has Found</p>;
  else if (items.length === 0) content = <p className="text-center text-muted bg-white border rounded py-5">لا يوجد طلبات حتى الان</p>;
  else
    content = (
      <>
        {items.map((order) => (
          <OrderCard key={order._id} order={order} />
        ))}
        <Paginator pageCount={numberOfPages} currentPage={page} onPageChange={(p) => void dispatch(fetchOrders({ page: p }))} />
      </>
    );

  return (
    <>
      <h1 className="h4 my-3">ادارة الطلبات</h1>
      {status === 'succeeded' && <p className="fw-semibold">عدد الطلبات {results}</p>}
      {content}
    </>
  );
}
