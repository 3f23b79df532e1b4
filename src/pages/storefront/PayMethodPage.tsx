import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from '../../lib/toast';
import type { ApiError } from '../../api/types';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import CustomersOnlyNotice from '../../components/CustomersOnlyNotice';
import Spinner from '../../components/Spinner';
import { CART_MESSAGES, conflictMessage } from '../../features/cart/cartMessages';
import { fetchCart, selectCart, selectCartPayable, selectCartStatus } from '../../features/cart/cartSlice';
import { createCashOrder, selectCheckOutPending, startCardPayment } from '../../features/checkOut/checkOutSlice';
import { openPaymentPage } from '../../features/checkOut/openPaymentPage';
import { fetchAddresses, selectAddresses, selectAddressesStatus } from '../../features/userAddress/userAddressSlice';
import { selectCurrentUser, selectIsUser } from '../../features/user/userSlice';
import { DELAYS } from '../../lib/delays';
import { formatEGP } from '../../lib/format';
import { useLater } from '../../lib/useLater';

type PayMethod = 'card' | 'cash';

export const CHECKOUT_MESSAGES = {
  chooseAddress: 'من فضلك اختر عنوان للشحن اولا',
  chooseMethod: 'من فضلك اختر طريقة الدفع',
  orderCreated: 'تم انشاء طلبك بنجاح',
  orderFailed: 'فشل في اتمام الطلب من فضلك حاول مرة اخرى',
  paymentOpened: 'تم فتح صفحة الدفع، اكمل الدفع لتأكيد طلبك',
} as const;

export default function PayMethodPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const later = useLater();
  const isUser = useAppSelector(selectIsUser);
  const loggedIn = useAppSelector(selectCurrentUser) !== null;
  const cart = useAppSelector(selectCart);
  const cartStatus = useAppSelector(selectCartStatus);
  const payable = useAppSelector(selectCartPayable);
  const addresses = useAppSelector(selectAddresses);
  const addressesStatus = useAppSelector(selectAddressesStatus);
  const pending = useAppSelector(selectCheckOutPending);
  const [method, setMethod] = useState<PayMethod | ''>('');
  const [addressId, setAddressId] = useState('');

  useEffect(() => {
    if (!isUser) return;
    void dispatch(fetchCart());
    void dispatch(fetchAddresses());
  }, [isUser, dispatch]);

  if (!isUser) {
    return (
      <>
        <h1 className="h4 my-3">اختر طريقة الدفع</h1>
        <CustomersOnlyNotice loggedIn={loggedIn} staffText="الشراء متاح لحسابات العملاء فقط" visitorText="قم بتسجيل الدخول اولا لاتمام الشراء" />
      </>
    );
  }

  const onFailure = (error: ApiError) => {
    if (error.status === 409) {
      // Stock ran out or prices changed since the cart was shown: say so and show the cart as it is now.
      toast.warn(conflictMessage(error));
      void dispatch(fetchCart());
    } else {
      toast.warn(CHECKOUT_MESSAGES.orderFailed);
    }
  };

  const onComplete = async () => {
    const address = addresses.find((a) => a._id === addressId);
    if (cart.products.length === 0 || !cart._id) {
      toast.warn(CART_MESSAGES.addProductsFirst);
      return;
    }
    if (!address) {
      toast.warn(CHECKOUT_MESSAGES.chooseAddress);
      return;
    }
    if (!method) {
      toast.warn(CHECKOUT_MESSAGES.chooseMethod);
      return;
    }
    // SPEC §3: the order's shipping details are the address alias and its phone; city and postal code go empty.
    const order = { cartId: cart._id, shippingAddress: { details: address.alias, phone: address.phone, city: '', postalCode: '' } };
    try {
      if (method === 'cash') {
        const { status } = await dispatch(createCashOrder(order)).unwrap();
        if (status !== 201) {
          toast.warn(CHECKOUT_MESSAGES.orderFailed);
          return;
        }
        toast.success(CHECKOUT_MESSAGES.orderCreated);
        void dispatch(fetchCart());
        later(() => navigate('/user/allorders'), DELAYS.cashOrderRedirect);
      } else {
        const url = await dispatch(startCardPayment(order)).unwrap();
        toast.info(CHECKOUT_MESSAGES.paymentOpened);
        openPaymentPage(url);
      }
    } catch (err) {
      onFailure(err as ApiError);
    }
  };

  const loading = (cartStatus === 'idle' || cartStatus === 'pending') && cart.products.length === 0;
  return (
    <>
      <h1 className="h4 my-3">اختر طريقة الدفع</h1>
      {loading ? (
        <Spinner />
      ) : (
        <Card className="shadow-sm" style={{ maxWidth: 640 }}>
          <Card.Body className="d-flex flex-column gap-3">
            <fieldset>
              <legend className="fs-6 fw-semibold">طريقة الدفع</legend>
              <Form.Check
                type="radio"
                id="pay-card"
                name="pay-method"
                label="الدفع عن طريق البطاقة الائتمانية"
                checked={method === 'card'}
                onChange={() => setMethod('card')}
              />
              <Form.Check
                type="radio"
                id="pay-cash"
                name="pay-method"
                label="الدفع عند الاستلام"
                checked={method === 'cash'}
                onChange={() => setMethod('cash')}
              />
            </fieldset>
            <Form.Group controlId="shipping-address">
              <Form.Label className="fw-semibold">عنوان الشحن</Form.Label>
              {addressesStatus === 'succeeded' && addresses.length === 0 ? (
                <p className="mb-0">
                  لا توجد عناوين محفوظة.{' '}
                  <Link to="/user/add-address">اضف عنوان</Link>
                </p>
              ) : (
                <Form.Select value={addressId} onChange={(e) => setAddressId(e.target.value)}>
                  <option value="">اختر عنوان للشحن</option>
                  {addresses.map((address) => (
                    <option key={address._id} value={address._id}>
                      {address.alias}
                    </option>
                  ))}
                </Form.Select>
              )}
            </Form.Group>
            <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 border-top pt-3">
              <div>
                <span className="text-muted me-2">المبلغ المطلوب</span>
                <span className="fs-5 fw-bold" data-testid="payable">
                  {formatEGP(payable)}
                </span>
              </div>
              <Button variant="dark" onClick={() => void onComplete()} disabled={pending}>
                اتمام الشراء
              </Button>
            </div>
          </Card.Body>
        </Card>
      )}
    </>
  );
}
