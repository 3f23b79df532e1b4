import { http, HttpResponse } from 'msw';
import { makeStore, type AppStore, type RootState } from '../../src/app/store';
import { fetchCoupons, selectCoupons } from '../../src/features/coupon/couponSlice';
import { fetchCategory, selectCategoryLookup } from '../../src/app/categorySlice';
import { fetchZones, reloadGovernorates, selectGovernorates, selectZones } from '../../src/app/deliverySlice';
import {
  fetchDashboard,
  fetchOrder,
  fetchOrders,
  selectDashboard,
  selectOrderDetails,
  selectOrders,
} from '../../src/features/orders/ordersSlice';
import { fetchAddresses, selectAddresses } from '../../src/app/userAddressSlice';
import { admin, categories, customer, products } from './mocks/fixtures';
import { fetchProductList, selectProductList } from '../../src/features/products/productsSlice';
import { addresses } from './mocks/handlers/addresses';
import { coupons, dashboard, orders } from './mocks/handlers/admin';
import { governorates } from './mocks/handlers/delivery';
import { zones } from './mocks/handlers/deliveryAdmin';
import { server } from './mocks/server';
import { storeSession } from './utils/renderWithProviders';

/**
 * A screen may ask for the same thing again while its first request is on its way (a page's read, then the re-read
 * after a deletion; page 2 of the orders, then page 3; one order, then another). On a slow link the first answer can
 * arrive last: it must not replace what the later request brought.
 */
interface Case {
  name: string;
  as: typeof customer;
  path: string;
  /** What the server answered the first request (read earlier) and every later one. */
  earlier: object;
  later: object;
  /** The first request, then the second. */
  asks: [(store: AppStore) => Promise<unknown>, (store: AppStore) => Promise<unknown>];
  shown: (state: RootState) => unknown;
}

const listOf = <T>(items: T[]) => ({ results: items.length, data: items });
const ordersPage = (page: number, items: typeof orders) => ({
  results: 2,
  paginationResult: { currentPage: page, limit: 1, numberOfPages: 2 },
  data: items,
});
const ids = (items: { _id: string }[]) => items.map((item) => item._id);

const cases: Case[] = [
  {
    name: "the customer's orders: page 1, then page 2",
    as: customer,
    path: '*/api/v1/orders',
    earlier: ordersPage(1, [orders[0]]),
    later: ordersPage(2, [orders[1]]),
    asks: [(store) => store.dispatch(fetchOrders({ page: 1 })), (store) => store.dispatch(fetchOrders({ page: 2 }))],
    shown: (state) => ids(selectOrders(state).items),
  },
  {
    name: 'one order, then another',
    as: customer,
    path: '*/api/v1/orders/:id',
    earlier: { data: orders[0] },
    later: { data: orders[1] },
    asks: [(store) => store.dispatch(fetchOrder(orders[0]._id)), (store) => store.dispatch(fetchOrder(orders[1]._id))],
    shown: (state) => selectOrderDetails(state).order?._id,
  },
  {
    name: "the customer's addresses: the page's read, then the re-read after a deletion",
    as: customer,
    path: '*/api/v1/addresses',
    earlier: { status: 'success', ...listOf(addresses) },
    later: { status: 'success', ...listOf(addresses.slice(1)) },
    asks: [(store) => store.dispatch(fetchAddresses()), (store) => store.dispatch(fetchAddresses())],
    shown: (state) => ids(selectAddresses(state)),
  },
  {
    name: "the owner's coupons: the page's read, then the re-read after a deletion",
    as: admin,
    path: '*/api/v1/coupons',
    earlier: listOf(coupons),
    later: listOf(coupons.slice(1)),
    asks: [(store) => store.dispatch(fetchCoupons()), (store) => store.dispatch(fetchCoupons())],
    shown: (state) => ids(selectCoupons(state)),
  },
  {
    name: "the owner's dashboard, read twice (a new order came in between)",
    as: admin,
    path: '*/api/v1/dashboard',
    earlier: { data: dashboard },
    later: { data: { ...dashboard, awaiting: { ...dashboard.awaiting, payment: dashboard.awaiting.payment + 1 } } },
    asks: [(store) => store.dispatch(fetchDashboard()), (store) => store.dispatch(fetchDashboard())],
    shown: (state) => selectDashboard(state).figures?.awaiting.payment,
  },
  {
    name: "the owner's shipping zones, read twice",
    as: admin,
    path: '*/api/v1/delivery/zones',
    earlier: listOf(zones),
    later: listOf(zones.slice(1)),
    asks: [(store) => store.dispatch(fetchZones()), (store) => store.dispatch(fetchZones())],
    shown: (state) => ids(selectZones(state).items),
  },
  {
    name: 'the listing: page 1 of a search, then page 2',
    as: customer,
    path: '*/api/v1/products',
    earlier: { ...listOf([products[0]]), paginationResult: { currentPage: 1, limit: 1, numberOfPages: 2 } },
    later: { ...listOf([products[1]]), paginationResult: { currentPage: 2, limit: 1, numberOfPages: 2 } },
    asks: [
      (store) => store.dispatch(fetchProductList({ key: 'search', query: { limit: 1, page: 1 } })),
      (store) => store.dispatch(fetchProductList({ key: 'search', query: { limit: 1, page: 2 } })),
    ],
    shown: (state) => ids(selectProductList(state, 'search').items),
  },
  {
    name: 'one category asked for by id, then another',
    as: customer,
    path: '*/api/v1/categories/:id',
    earlier: { data: categories[0] },
    later: { data: categories[1] },
    asks: [
      (store) => store.dispatch(fetchCategory(categories[0]._id)),
      (store) => store.dispatch(fetchCategory(categories[1]._id)),
    ],
    shown: (state) => selectCategoryLookup(state).entry?._id,
  },
  {
    name: 'the governorates, read again after a failed load',
    as: admin,
    path: '*/api/v1/delivery/governorates',
    earlier: listOf(governorates),
    later: listOf(governorates.map((g, i) => (i === 0 ? { ...g, name: `${g.name} الجديدة` } : g))),
    asks: [(store) => store.dispatch(reloadGovernorates()), (store) => store.dispatch(reloadGovernorates())],
    shown: (state) => selectGovernorates(state)[0]?.name,
  },
];

describe('an earlier answer that arrives last', () => {
  it.each(cases)('does not replace the later one: $name', async ({ as, path, earlier, later, asks, shown }) => {
    storeSession(as);
    let answerEarlier: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      answerEarlier = resolve;
    });
    let calls = 0;
    server.use(
      http.get(path, async () => {
        calls += 1;
        if (calls > 1) return HttpResponse.json(later);
        await held;
        return HttpResponse.json(earlier);
      }),
    );
    const store = makeStore();
    const first = asks[0](store);
    await vi.waitFor(() => expect(calls).toBe(1));
    await asks[1](store);
    const afterLater = shown(store.getState());
    answerEarlier();
    await first;
    expect(shown(store.getState())).toEqual(afterLater);

    // The two answers differ in what the screen shows: the earlier one, alone, shows something else.
    const alone = makeStore();
    server.use(http.get(path, () => HttpResponse.json(earlier)));
    await asks[0](alone);
    expect(shown(alone.getState())).not.toEqual(afterLater);
  });
});
