import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from '../../lib/toast';
import type { Address, ApiError } from '../../api/types';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import CustomersOnlyNotice from '../../components/CustomersOnlyNotice';
import Spinner from '../../components/Spinner';
import { CART_MESSAGES, conflictMessage } from '../../content/cartMessages';
import { fetchCart, selectCart, selectCartPayable, selectCartStatus } from '../../app/cartSlice';
import {
  cardPaymentConfirmed,
  createCashOrder,
  payMethodChosen,
  selectAwaitingPayment,
  selectCheckOutPending,
  selectCheckoutChoice,
  shippingAddressChosen,
  startCardPayment,
  type PayMethod,
} from '../../features/checkOut/checkOutSlice';
import { fetchShopInfo, selectShopInfo } from '../../app/shopSlice';
import { openPaymentPage } from '../../features/checkOut/openPaymentPage';
import PaymentMethodLogo from '../../features/checkOut/PaymentMethodLogo';
import { PAYMENT_METHOD_TEXTS, PAYMENT_RESULT_MESSAGES } from '../../features/checkOut/paymentMethods';
import { nationalMobile } from '../../../common/rules/phone';
import { useTabReturn } from '../../features/checkOut/paymentReturn';
import { fetchOrders } from '../../features/orders/ordersSlice';
import DeliverySummary from '../../features/checkOut/DeliverySummary';
import { fetchDeliveryQuote, selectDeliveryQuote } from '../../app/deliverySlice';
import { addressPlace } from '../../content/addressTexts';
import { cashRefusal, cashRefusalText, failureText } from '../../lib/failures';
import { fetchAddresses, selectAddresses, selectAddressesStatus } from '../../app/userAddressSlice';
import { selectCurrentUser, selectIsUser } from '../../app/userSlice';
import { DELAYS } from '../../lib/delays';
import { formatEGP } from '../../../common/format';
import { useLater } from '../../lib/useLater';
import { usePageMeta } from '../../lib/usePageMeta';

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
  const { paymentMethods, paymentProvider, vatRate } = useAppSelector(selectShopInfo);
  const quote = useAppSelector(selectDeliveryQuote);
  // Kept in the slice (and storage), so a shopper back from a declined payment finds their choices.
  const { addressId, method: chosenMethod } = useAppSelector(selectCheckoutChoice);
  const setMethod = (chosen: PayMethod) => dispatch(payMethodChosen(chosen));
  const address = addresses.find((a) => a._id === addressId);
  const governorate = address?.governorate ?? null;
  // The quote of the chosen address; while another one loads (or a backend has none) the page shows the cart's price.
  const shownQuote = address && quote.governorate === governorate ? quote.data : null;
  const cash = shownQuote?.cashOnDelivery;
  // Cash chosen for an address where it is not taken counts as no choice (the radio is then disabled), and so does a
  // kept online method the shop no longer offers.
  const stillOffered =
    chosenMethod === 'cash' ? cash?.allowed !== false : paymentMethods.some((m) => m === chosenMethod);
  const method = stillOffered ? chosenMethod : '';
  const [walletPhone, setWalletPhone] = useState('');
  // Paymob sends a declined shopper back here (?payment=declined): say so until they try again.
  const [searchParams] = useSearchParams();
  const declined = searchParams.get('payment') === 'declined';
  const declinedAlert = useRef<HTMLDivElement>(null);
  // Brought into sight once the page has laid out its fees, which may push it away on a phone.
  useEffect(() => {
    if (declined) declinedAlert.current?.scrollIntoView?.({ block: 'center' });
  }, [declined, cartStatus]);

  useEffect(() => {
    if (!isUser) return;
    void dispatch(fetchCart());
    void dispatch(fetchAddresses());
    void dispatch(fetchShopInfo());
  }, [isUser, dispatch]);

  // The delivery of the chosen address, again whenever the cart's price changes (a coupon, another count).
  useEffect(() => {
    if (isUser && addressId) void dispatch(fetchDeliveryQuote(governorate));
  }, [isUser, dispatch, addressId, governorate, payable]);

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
    if (cashRefusal(error)) {
      // The owner's rules changed since the quote: say why, and show the address's delivery as it is now.
      toast.warn(failureText(error));
      void dispatch(fetchDeliveryQuote(governorate));
    } else if (error.status === 409) {
      // Stock ran out or prices changed since the cart was shown: say so and show the cart as it is now.
      toast.warn(conflictMessage(error));
      void dispatch(fetchCart());
    } else {
      toast.warn(CHECKOUT_MESSAGES.orderFailed);
    }
  };

  const onComplete = async () => {
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
    const wallet = nationalMobile(walletPhone);
    if (method === 'wallet' && !wallet) {
      toast.warn(PAYMENT_RESULT_MESSAGES.walletPhoneNeeded);
      return;
    }
    // DESIGN.md: the order carries the address itself (SPEC §3 sent only its alias as the details); the alias rides along.
    const { alias, details, phone, city = '', postalCode = '' } = address;
    const shippingAddress = { alias, details, phone, city, postalCode, ...(governorate ? { governorate } : {}) };
    const order = { cartId: cart._id, shippingAddress };
    try {
      if (method === 'cash') {
        await dispatch(createCashOrder(order)).unwrap();
        toast.success(CHECKOUT_MESSAGES.orderCreated);
        void dispatch(fetchCart());
        later(() => navigate('/user/allorders'), DELAYS.cashOrderRedirect);
      } else {
        const choice = { paymentMethod: method, walletPhone: method === 'wallet' ? (wallet ?? undefined) : undefined };
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
        <Alert
          ref={declinedAlert}
          role="alert"
          variant="danger"
          data-testid="payment-declined"
          style={{ maxWidth: 640 }}
        >
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
              <Form.Check type="radio" id="pay-cash" className="d-flex flex-wrap align-items-center gap-2">
                <Form.Check.Input
                  type="radio"
                  name="pay-method"
                  checked={method === 'cash'}
                  disabled={cash?.allowed === false}
                  aria-describedby={cash ? 'pay-cash-hint' : undefined}
                  onChange={() => setMethod('cash')}
                />
                <Form.Check.Label>الدفع عند الاستلام</Form.Check.Label>
                {cash && (cash.allowed === false || cash.fee > 0) && (
                  <small id="pay-cash-hint" className={cash.allowed ? 'text-body-secondary' : 'text-danger'}>
                    {cash.allowed
                      ? `رسوم اضافية ${formatEGP(cash.fee)}`
                      : cashRefusalText(cash.reason ?? 'zone', cash.maxTotal)}
                  </small>
                )}
              </Form.Check>
            </fieldset>
            <Form.Group controlId="shipping-address">
              <Form.Label className="fw-semibold">عنوان الشحن</Form.Label>
              {addressesStatus === 'succeeded' && addresses.length === 0 ? (
                <p className="mb-0">
                  لا توجد عناوين محفوظة. <Link to="/user/add-address">اضف عنوان</Link>
                </p>
              ) : (
                <Form.Select
                  value={address ? addressId : ''}
                  onChange={(e) => dispatch(shippingAddressChosen(e.target.value))}
                >
                  <option value="">اختر عنوان للشحن</option>
                  {addresses.map((saved) => (
                    <option key={saved._id} value={saved._id}>
                      {saved.alias}
                    </option>
                  ))}
                </Form.Select>
              )}
              {address && <ChosenAddress address={address} noGovernorate={!governorate && shownQuote !== null} />}
            </Form.Group>
            <div className="border-top pt-3">
              {shownQuote ? (
                <DeliverySummary quote={shownQuote} cash={method === 'cash'} vatRate={vatRate} />
              ) : (
                <div>
                  <span className="text-muted me-2">المبلغ المطلوب</span>
                  <span className="fs-5 fw-bold" data-testid="payable">
                    {formatEGP(payable)}
                  </span>
                </div>
              )}
            </div>
            <Button variant="dark" onClick={() => void onComplete()} disabled={pending} className="align-self-end">
              اتمام الشراء
            </Button>
          </Card.Body>
        </Card>
      )}
    </>
  );
}

/** The chosen address as the courier will read it; one without a governorate is priced at the shop's default fee. */
function ChosenAddress({ address, noGovernorate }: { address: Address; noGovernorate: boolean }) {
  const place = addressPlace(address);
  return (
    <div className="small mt-2" data-testid="chosen-address">
      {place && <span className="d-block fw-semibold">{place}</span>}
      <span className="d-block text-body-secondary">{address.details}</span>
      {noGovernorate && (
        <span className="d-block text-warning-emphasis">
          لم تحدد محافظة هذا العنوان، لذا يحسب الشحن بالسعر العام.{' '}
          <Link to={`/user/edit-address/${address._id}`}>حدد المحافظة</Link>
        </span>
      )}
    </div>
  );
}
