import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useSearchParams } from 'react-router-dom';
import { PAYMENT_RESULT_MESSAGES } from '../../features/checkOut/paymentMethods';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import OrderCard from '../../components/OrderCard';
import Paginator from '../../components/Paginator';
import LoadError from '../../components/LoadError';
import Spinner from '../../components/Spinner';
import { announcePaymentReturn } from '../../features/checkOut/paymentReturn';
import { fetchOrders, selectOrders } from '../../features/orders/ordersSlice';
import { usePageMeta } from '../../lib/usePageMeta';

export default function UserAllOrdersPage() {
  // Where Paymob's return sends the shopper when the payment is not confirmed yet, or was given back.
  const payment = useSearchParams()[0].get('payment');
  usePageMeta({ title: 'طلباتي' });
  const dispatch = useAppDispatch();
  const { items, results, numberOfPages, page, status } = useAppSelector(selectOrders);

  useEffect(() => {
    void dispatch(fetchOrders({ page: 1 }));
  }, [dispatch]);

  // This page is where the card payment page sends the shopper back: the tab that opened the payment is told.
  useEffect(() => announcePaymentReturn(), []);

  let content;
  if (status === 'idle' || status === 'pending') content = <Spinner />;
  else if (status === 'failed') content = <LoadError onRetry={() => void dispatch(fetchOrders({ page }))} />;
  else if (items.length === 0)
    content = <p className="text-center text-muted bg-white border rounded py-5">لا يوجد طلبات حتى الان</p>;
  else
    content = (
      <>
        {items.map((order) => (
          <OrderCard key={order._id} order={order} to={`/user/orders/${order._id}`} />
        ))}
        <Paginator
          pageCount={numberOfPages}
          currentPage={page}
          onPageChange={(p) => void dispatch(fetchOrders({ page: p }))}
        />
      </>
    );

  return (
    <>
      <h1 className="h4 my-3">ادارة الطلبات</h1>
      {(payment === 'pending' || payment === 'refunded') && (
        <Alert variant={payment === 'pending' ? 'info' : 'warning'} data-testid="payment-result">
          {PAYMENT_RESULT_MESSAGES[payment]}
        </Alert>
      )}
      {status === 'succeeded' && <p className="fw-semibold">عدد الطلبات {results}</p>}
      {content}
    </>
  );
}
