import { createSlice, isAnyOf, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { createCashOrder as createCashOrderRequest, createCheckoutSession } from '../../api/orders';
import { PAYMENT_METHODS, type PaymentMethod } from '../../api/shop';
import type { ShippingAddress } from '../../api/types';
import { createAppAsyncThunk } from '../../app/hooks';
import { addRequestStatusMatchers, idleRequest, type RequestState } from '../../app/request';
import { persistenceMiddleware } from '../../app/persistence';
import { rootReducer } from '../../app/rootReducer';
import type { RootState } from '../../app/store';
import { getStored, setStored } from '../../lib/storage';
import { loggedOut } from '../../app/userSlice';

/** How the shopper pays: an online method of the shop's, or cash on delivery. */
export type PayMethod = PaymentMethod | 'cash';
const PAY_METHODS: readonly string[] = [...PAYMENT_METHODS, 'cash'] satisfies PayMethod[];

/** The pay page's choices, kept in storage: a shopper back from a declined payment finds them as they left them. */
export interface CheckoutChoice {
  addressId: string;
  method: PayMethod | '';
}

const NO_CHOICE: CheckoutChoice = { addressId: '', method: '' };

function storedChoice(): CheckoutChoice {
  const stored = getStored('checkoutChoice');
  return {
    addressId: typeof stored?.addressId === 'string' ? stored.addressId : '',
    method: PAY_METHODS.includes(stored?.method as string) ? (stored!.method as PayMethod) : '',
  };
}

interface CheckOutState extends RequestState {
  /** Card checkout: the payment page to open (session.url). */
  sessionUrl: string | null;
  /** A payment page was opened for this cart and its outcome is not known yet in this tab. */
  awaitingPaymentFor: string | null;
  choice: CheckoutChoice;
}

const initialState = (choice = storedChoice()): CheckOutState => ({
  sessionUrl: null,
  awaitingPaymentFor: null,
  choice,
  ...idleRequest,
});

interface OrderArgs {
  cartId: string;
  shippingAddress: ShippingAddress;
}

/** Cash on delivery; resolves with the HTTP status (SPEC: only 201 is success). */
export const createCashOrder = createAppAsyncThunk(
  'checkOut/createCashOrder',
  ({ cartId, shippingAddress }: OrderArgs) => createCashOrderRequest(cartId, shippingAddress),
);

/** Online payment: resolves with session.url only when the answer says status 'success'. */
export const startCardPayment = createAppAsyncThunk(
  'checkOut/startCardPayment',
  async (
    {
      cartId,
      shippingAddress,
      paymentMethod,
      walletPhone,
    }: OrderArgs & { paymentMethod?: PaymentMethod; walletPhone?: string },
    { rejectWithValue },
  ) => {
    const answer = await createCheckoutSession(cartId, shippingAddress, { paymentMethod, walletPhone });
    const url = answer.session?.url;
    if (answer.status !== 'success' || !url) return rejectWithValue({ message: 'لم يتم انشاء جلسة الدفع' });
    return url;
  },
);

const checkOutSlice = createSlice({
  name: 'checkOut',
  initialState,
  reducers: {
    /** The card payment opened in another tab was seen to be paid. */
    cardPaymentConfirmed(state) {
      state.awaitingPaymentFor = null;
    },
    shippingAddressChosen(state, action: PayloadAction<string>) {
      state.choice.addressId = action.payload;
    },
    payMethodChosen(state, action: PayloadAction<PayMethod>) {
      state.choice.method = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(startCardPayment.fulfilled, (state, action) => {
        state.sessionUrl = action.payload;
        state.awaitingPaymentFor = action.meta.arg.cartId;
      })
      .addCase(loggedOut, () => initialState(NO_CHOICE))
      .addMatcher(isAnyOf(createCashOrder.pending, startCardPayment.pending), (state) => {
        state.sessionUrl = null;
      });
    addRequestStatusMatchers(builder, [createCashOrder, startCardPayment]);
  },
});

declare module '../../app/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof checkOutSlice> {}
}
/** In the store once the pay page has loaded this file (app/rootReducer.ts): the storefront's first load does not carry it. */
const own = checkOutSlice.injectInto(rootReducer).selectSlice;

export const { cardPaymentConfirmed, shippingAddressChosen, payMethodChosen } = checkOutSlice.actions;
export default checkOutSlice.reducer;

export const selectAwaitingPayment = (state: RootState) => own(state).awaitingPaymentFor !== null;

export const selectCheckOutPending = (state: RootState) => own(state).status === 'pending';
export const selectCheckoutChoice = (state: RootState) => own(state).choice;

// The pay page's choices survive a reload (app/persistence.ts mirrors the rest; this area's mirror comes with it).
persistenceMiddleware.startListening({
  matcher: isAnyOf(shippingAddressChosen, payMethodChosen),
  effect: (_action, api) => setStored('checkoutChoice', selectCheckoutChoice(api.getState() as RootState)),
});
