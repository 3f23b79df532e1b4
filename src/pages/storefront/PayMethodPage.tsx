import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { PaymentMethod } from '../../api/shop';
import { toast } from '../../lib/toast';
import type { ApiError } from '../../api/types';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import CustomersOnlyNotice from '../../components/CustomersOnlyNotice';
import Spinner from '../../components/Spinner';
import { CART_MESSAGES, conflictMessage } from '../../features/cart/cartMessages';
import { fetchCart, selectCart, selectCartPayable, selectCartStatus } from '../../features/cart/cartSlice';
import {
  cardPaymentConfirmed,
  createCashOrder,
  fetchShopInfo,
  selectAwaitingPayment,
  selectCheckOutPending,
  selectShopInfo,
  startCardPayment,
} from '../../features/checkOut/checkOutSlice';
import { openPaymentPage } from '../../features/checkOut/openPaymentPage';
import PaymentMethodLogo from '../../features/checkOut/PaymentMethodLogo';
import { PAYMENT_METHOD_TEXTS, PAYMENT_RESULT_MESSAGES } from '../../features/checkOut/paymentMethods';
import { EGYPT_MOBILE } from '../../lib/phone';
import { useTabReturn } from '../../features/checkOut/paymentReturn';
import { fetchOrders } from '../../features/orders/ordersSlice';
import { fetchAddresses, selectAddresses, selectAddressesStatus } from '../../features/userAddress/userAddressSlice';
import { selectCurrentUser, selectIsUser } from '../../features/user/userSlice';
import { DELAYS } from '../../lib/delays';
import { formatEGP } from '../../../common/format';
import { useLater } from '../../lib/useLater';
import { usePageMeta } from '../../lib/usePageMeta';

type PayMethod = PaymentMethod | 'cash';

const CHECKOUT_MESSAGES = {
  chooseAddress: 'من فضلك اختر عنوان للشحن اولا',
  chooseMethod: 'من فضلك اختر طريقة الدفع',
  orderCreated: 'تم انشاء طلبك بنجاح',
  orderFailed: 'فشل في اتمام الطلب من فضلك حاول مرة اخرى',
  paymentOpened: 'تم فتح صفحة الدفع، اكمل الدفع لتأكيد طلبك',
  paid: 'تم الدفع بنجاح',
} as const;

export default function PayMethodPage() {
  usePageMeta({ title: 'اختيار طريقة الدفع' });
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
  const awaitingPayment = useAppSelector(selectAwaitingPayment);
  const { paymentMethods, paymentProvider } = useAppSelector(selectShopInfo);
  const [method, setMethod] = useState<PayMethod | ''>('');
  const [addressId, setAddressId] = useState('');
  const [walletPhone, setWalletPhone] = useState('');
  // Paymob sends a declined shopper back here (?payment=declined): say so until they try again.
  const [searchParams] = useSearchParams();
  const declined = searchParams.get('payment') === 'declined';

  useEffect(() => {
    if (!isUser) return;
    void dispatch(fetchCart());
    void dispatch(fetchAddresses());
    void dispatch(fetchShopInfo());
  }, [isUser, dispatch]);

  // Back from the payment tab (or from anywhere else): the cart may have been paid or changed meanwhile. Once the cart is
  // empty and the newest order is a paid card order, the payment opened here went through.
  const onTabReturn = async () => {
    if (!isUser) return;
    const [cartResult, ordersResult] = await Promise.all([
      dispatch(fetchCart()),
      awaitingPayment ? dispatch(fetchOrders({ page: 1 })) : Promise.resolve(null),
    ]);
    if (
      !awaitingPayment ||
      !ordersResult ||
      !fetchCart.fulfilled.match(cartResult) ||
      !fetchOrders.fulfilled.match(ordersResult)
    )
      return;
    const newest = ordersResult.payload.data[0];
    if (cartResult.payload.data.products.length === 0 && newest?.paymentMethodType === 'card' && newest.isPaid) {
      dispatch(cardPaymentConfirmed());
      toast.success(CHECKOUT_MESSAGES.paid);
      navigate('/user/allorders');
    }
  };
  useTabReturn(() => void onTabReturn());

  if (!isUser) {
    return (
      <>
        <h1 className="h4 my-3">اختر طريقة الدفع</h1>
        <CustomersOnlyNotice
          loggedIn={loggedIn}
          staffText="الشراء متاح لحسابات العملاء فقط"
          visitorText="قم بتسجيل الدخول اولا لاتمام الشراء"
        />
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
    const wallet = walletPhone.trim();
    if (method === 'wallet' && !EGYPT_MOBILE.test(wallet)) {
      toast.warn(PAYMENT_RESULT_MESSAGES.walletPhoneNeeded);
      return;
    }
    // DESIGN.md: the order carries the address itself (SPEC §3 sent only its alias as the details); the alias rides along.
    const { alias, details, phone, city = '', postalCode = '' } = address;
    const order = { cartId: cart._id, shippingAddress: { alias, details, phone, city, postalCode } };
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
        const choice = { paymentMethod: method, walletPhone: method === 'wallet' ? wallet : undefined };
        const url = await dispatch(startCardPayment({ ...order, ...choice })).unwrap();
        // Paymob's checkout takes this tab and comes back to the order; the others open beside the shop.
        if (paymentProvider === 'paymob') {
          window.location.assign(url);
          return;
        }
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
      {declined && (
        <Alert variant="danger" data-testid="payment-declined" style={{ maxWidth: 640 }}>
          {PAYMENT_RESULT_MESSAGES.declined}
        </Alert>
      )}
      {loading ? (
        <Spinner />
      ) : (
        <Card className="shadow-sm" style={{ maxWidth: 640 }}>
          <Card.Body className="d-flex flex-column gap-3">
            <fieldset>
              <legend className="fs-6 fw-semibold">طريقة الدفع</legend>
              {/* A shop with no payment provider takes cash only (API.md §6.5). */}
              {paymentMethods.map((online) => (
                <Form.Check
                  key={online}
                  type="radio"
                  id={`pay-${online}`}
                  className="d-flex flex-wrap align-items-center gap-2 mb-2"
                >
                  <Form.Check.Input
                    type="radio"
                    aria-describedby={`pay-${online}-hint`}
                    name="pay-method"
                    checked={method === online}
                    onChange={() => setMethod(online)}
                  />
                  <Form.Check.Label className="d-flex align-items-center gap-2">
                    <PaymentMethodLogo method={online} />
                    <span>
                      {online === 'card' && paymentProvider !== 'paymob'
                        ? 'الدفع عن طريق البطاقة الائتمانية'
                        : PAYMENT_METHOD_TEXTS[online].name}
                    </span>
                  </Form.Check.Label>
                  <small id={`pay-${online}-hint`} className="text-body-secondary">
                    {PAYMENT_METHOD_TEXTS[online].hint}
                  </small>
                </Form.Check>
              ))}
              {method === 'wallet' && (
                <Form.Group controlId="wallet-phone" className="mb-3 ms-4">
                  <Form.Label>رقم المحفظة</Form.Label>
                  <Form.Control
                    type="tel"
                    inputMode="tel"
                    autoComplete="tel"
                    placeholder="01xxxxxxxxx"
                    value={walletPhone}
                    onChange={(e) => setWalletPhone(e.target.value)}
                  />
                </Form.Group>
              )}
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
                  لا توجد عناوين محفوظة. <Link to="/user/add-address">اضف عنوان</Link>
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
