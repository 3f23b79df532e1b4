import { useEffect } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import CustomersOnlyNotice from '../../components/CustomersOnlyNotice';
import LoadError from '../../components/LoadError';
import Spinner from '../../components/Spinner';
import CartItem from '../../features/cart/CartItem';
import CheckoutPanel from '../../features/cart/CheckoutPanel';
import DeliveryEstimate from '../../features/checkOut/DeliveryEstimate';
import { fetchCart, selectCart, selectCartStatus } from '../../app/cartSlice';
import { selectCurrentUser, selectIsUser } from '../../app/userSlice';
import { usePageMeta } from '../../lib/usePageMeta';

export default function CartPage() {
  usePageMeta({ title: 'عربة التسوق' });
  const dispatch = useAppDispatch();
  const isUser = useAppSelector(selectIsUser);
  const loggedIn = useAppSelector(selectCurrentUser) !== null;
  const cart = useAppSelector(selectCart);
  const status = useAppSelector(selectCartStatus);

  useEffect(() => {
    if (isUser) void dispatch(fetchCart());
  }, [isUser, dispatch]);

  let content;
  if (!isUser) {
    content = (
      <CustomersOnlyNotice
        loggedIn={loggedIn}
        staffText="العربة متاحة لحسابات العملاء فقط"
        visitorText="قم بتسجيل الدخول اولا لعرض عربة التسوق"
      />
    );
  } else if (cart.products.length === 0 && (status === 'idle' || status === 'pending')) {
    content = <Spinner />;
  } else if (cart.products.length === 0 && status === 'failed') {
    content = <LoadError message="تعذر تحميل العربة" onRetry={() => void dispatch(fetchCart())} />;
  } else {
    content = (
      <Row className="g-3">
        <Col xs={12} lg={8}>
          {cart.products.length === 0 ? (
            <p className="text-center text-muted bg-white border rounded py-5 mb-0">لا يوجد منتجات في العربة</p>
          ) : (
            <ul className="list-unstyled mb-0">
              {cart.products.map((line) => (
                <CartItem key={line._id} line={line} />
              ))}
            </ul>
          )}
        </Col>
        <Col xs={12} lg={4}>
          <CheckoutPanel deliveryEstimate={<DeliveryEstimate />} />
        </Col>
      </Row>
    );
  }

  return (
    <>
      <h1 className="h4 my-3">عربة التسوق</h1>
      {content}
    </>
  );
}
