import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  getProduct,
  getSearchSuggestions,
  listProducts,
  type ProductQuery,
  type ProductSort,
} from '../../api/products';
import type { Id, Product } from '../../api/types';
import { createAppAsyncThunk } from '../../app/hooks';
import { addPagedListCases, emptyPagedList, type PagedList } from '../../app/pagedList';
import { addRequestStatusMatchers, idleRequest, isLatestAnswer, type RequestState } from '../../app/requestStatus';
import type { RootState } from '../../app/store';
import { parseNumberInput } from '../../../common/digits';
import { getStored } from '../../lib/storage';

/** The product lists the storefront shows, each loaded on its own. */
type ProductListKey = 'bestSellers' | 'latest' | 'search' | 'byCategory' | 'byBrand' | 'related';
const LIST_KEYS: ProductListKey[] = ['bestSellers', 'latest', 'search', 'byCategory', 'byBrand', 'related'];

/** What the /products listing searches with; kept in browser storage (SPEC §3) by app/persistence.ts. */
interface ProductFilters {
  catChecked: Id[];
  brandChecked: Id[];
  /** As typed (any digits); 0, negative or empty is ignored (SPEC §5). */
  priceFrom: string;
  priceTo: string;
  sortType: ProductSort;
}

interface ProductsState extends RequestState {
  lists: Record<ProductListKey, PagedList<Product>>;
  /** The product of /products/{id}. */
  details: Product | null;
  /** Its load failed because the id is unknown or malformed (a not-found page, not a retry). */
  detailsMissing: boolean;
  /** Typed in the top-bar search box; the listing re-fetches 500 ms after it changes (SPEC §4). */
  searchWord: string;
  filters: ProductFilters;
  /** The owner's catalogue import: the sheet's plan as the server answered it (preview, or applied). */
  sheet: ProductSheetState;
  /** The page of the owner's product list (/admin/allproducts) with its filters. */
  adminList: PagedList<Product>;
  /** Units unpaid, undelivered cash orders hold, by product, as last asked for (the owner's edit form). */
  heldByUnpaidCash: Record<Id, number>;
}

type SheetPlan = import('../../api/admin/productSheet').SheetPlan;
interface ProductSheetState extends RequestState {
  plan: SheetPlan | null;
  /** The plan was written (apply answered 200). */
  applied: boolean;
}

export const PRODUCT_SORTS: ProductSort[] = ['', '-sold', '-ratingsAverage', '+price', '-price'];

function storedFilters(): ProductFilters {
  const sort = getStored('sortType') ?? '';
  return {
    catChecked: getStored('catChecked') ?? [],
    brandChecked: getStored('brandChecked') ?? [],
    priceFrom: getStored('priceFrom') ?? '',
    priceTo: getStored('priceTo') ?? '',
    sortType: (PRODUCT_SORTS as string[]).includes(sort) ? (sort as ProductSort) : '',
  };
}

/** Page size of the product grids (listing, category and brand pages). */
export const PRODUCTS_PAGE_SIZE = 8;

/** Everything the /products search depends on. */
export type SearchCriteria = ProductFilters & { searchWord: string };

/** The search criteria kept in browser storage: what the store starts from, and what it mirrors back there. */
export function storedSearchCriteria(): SearchCriteria {
  return { ...storedFilters(), searchWord: getStored('searchWord') ?? '' };
}

/** The one builder of the /products search query (the page's searches and the route's prefetch). */
export function productSearchQuery(criteria: SearchCriteria, page: number): ProductQuery {
  return {
    sort: criteria.sortType,
    limit: PRODUCTS_PAGE_SIZE,
    page,
    keyword: criteria.searchWord,
    categories: criteria.catChecked,
    brands: criteria.brandChecked,
    priceFrom: parseNumberInput(criteria.priceFrom),
    priceTo: parseNumberInput(criteria.priceTo),
  };
}

export const fetchProductList = createAppAsyncThunk(
  'products/fetchList',
  ({ query }: { key: ProductListKey; query: ProductQuery }) => listProducts(query),
);

export const fetchProductDetails = createAppAsyncThunk('products/fetchDetails', (id: Id) => getProduct(id));
/** The search box's suggestions for a keyword (kept by the box, not in the store); `abort()` cancels the request. */
export const fetchSearchSuggestions = createAppAsyncThunk('products/fetchSuggestions', (keyword: string, { signal }) =>
  getSearchSuggestions(keyword, signal),
);

/** The owner's catalogue sheet (admin only: its calls stay in admin chunks). */
const productSheetApi = () => import('../../api/admin/productSheet');
type SheetUpload = import('../../api/admin/productSheet').SheetFiles;
/** What the sheet would create, update and refuse; nothing is written. */
export const previewProductSheet = createAppAsyncThunk('products/previewSheet', async (files: SheetUpload) =>
  (await productSheetApi()).previewProductSheet(files),
);
/** The sheet applied all or nothing; `applied: false` with the plan when the server refused a row. */
export const applyProductSheet = createAppAsyncThunk('products/applySheet', async (files: SheetUpload) =>
  (await productSheetApi()).applyProductSheet(files),
);

// The owner's product calls: loaded on first use, so they stay in the admin chunks.
const adminProductsApi = () => import('../../api/admin/products');
type AdminProductQuery = import('../../api/admin/products').AdminProductQuery;

/** One page of the owner's product list with its filters; only the answer to the latest request counts. */
export const fetchAdminProducts = createAppAsyncThunk('products/fetchAdminList', async (query: AdminProductQuery) =>
  (await adminProductsApi()).listAdminProducts(query),
);

/** PUT /products/:id with the new stock only; resolves with the product as now stored (the list shows it). */
export const updateStock = createAppAsyncThunk(
  'products/updateStock',
  async ({ id, quantity }: { id: Id; quantity: number }) => (await adminProductsApi()).updateProductStock(id, quantity),
);

/** Units of the products that unpaid, undelivered cash orders hold (GET /inventory/held); none on any failure. */
export const fetchHeldByUnpaidCash = createAppAsyncThunk('products/fetchHeld', async (ids: Id[]) =>
  Object.fromEntries(await (await adminProductsApi()).heldByUnpaidCash(ids)),
);

const toggle = (ids: Id[], id: Id) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]);

const productsSlice = createSlice({
  name: 'products',
  initialState: (): ProductsState => ({
    lists: Object.fromEntries(LIST_KEYS.map((key) => [key, emptyPagedList<Product>()])) as Record<
      ProductListKey,
      PagedList<Product>
    >,
    details: null,
    detailsMissing: false,
    searchWord: getStored('searchWord') ?? '',
    filters: storedFilters(),
    sheet: { plan: null, applied: false, ...idleRequest },
    adminList: emptyPagedList(),
    heldByUnpaidCash: {},
    ...idleRequest,
  }),
  reducers: {
    /** The owner left the product list: the next visit starts from a spinner, not from this page. */
    adminProductListClosed(state) {
      state.adminList = emptyPagedList();
    },
    /** The owner closed the import (or chose another file): its plan goes. */
    productSheetClosed(state) {
      state.sheet = { plan: null, applied: false, ...idleRequest };
    },
    searchWordChanged(state, action: PayloadAction<string>) {
      state.searchWord = action.payload;
    },
    /** A category checkbox was toggled; null = 'all' (no category filter). */
    categoryFilterToggled(state, action: PayloadAction<Id | null>) {
      state.filters.catChecked = action.payload === null ? [] : toggle(state.filters.catChecked, action.payload);
    },
    brandFilterToggled(state, action: PayloadAction<Id | null>) {
      state.filters.brandChecked = action.payload === null ? [] : toggle(state.filters.brandChecked, action.payload);
    },
    priceFromChanged(state, action: PayloadAction<string>) {
      state.filters.priceFrom = action.payload;
    },
    priceToChanged(state, action: PayloadAction<string>) {
      state.filters.priceTo = action.payload;
    },
    sortChanged(state, action: PayloadAction<ProductSort>) {
      state.filters.sortType = action.payload;
    },
    /** The listing's address (Back, a reload, a shared or "المزيد" link) gave the whole search. */
    searchCriteriaRestored(state, action: PayloadAction<SearchCriteria>) {
      const { searchWord, ...filters } = action.payload;
      state.searchWord = searchWord;
      state.filters = filters;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchProductDetails.pending, (state, action) => {
        state.detailsMissing = false;
        if (state.details?._id !== action.meta.arg) state.details = null;
      })
      .addCase(fetchProductDetails.fulfilled, (state, action) => {
        state.details = action.payload;
      })
      .addCase(fetchProductDetails.rejected, (state, action) => {
        state.detailsMissing = action.payload?.status === 404 || action.payload?.status === 400;
      });
    builder
      .addCase(previewProductSheet.pending, (state) => {
        state.sheet.plan = null;
        state.sheet.applied = false;
      })
      .addCase(previewProductSheet.fulfilled, (state, action) => {
        state.sheet.plan = action.payload;
      })
      .addCase(applyProductSheet.fulfilled, (state, action) => {
        state.sheet.plan = action.payload.plan;
        state.sheet.applied = action.payload.applied;
      });
    builder
      // A page that failed to load shows no list while it is asked for again.
      .addCase(fetchAdminProducts.rejected, (state, action) => {
        if (isLatestAnswer(state.adminList, action)) state.adminList.items = [];
      })
      // Until the answer comes (and when it does not), the products are shown holding none.
      .addCase(fetchHeldByUnpaidCash.pending, (state, action) => {
        for (const id of action.meta.arg) delete state.heldByUnpaidCash[id];
      })
      .addCase(fetchHeldByUnpaidCash.fulfilled, (state, action) => {
        Object.assign(state.heldByUnpaidCash, action.payload);
      })
      // A stock change leaves what unpaid orders hold as it was.
      .addCase(updateStock.fulfilled, (state, action) => {
        const product = action.payload;
        state.adminList.items = state.adminList.items.map((p) =>
          p._id === product._id ? { ...product, heldByUnpaidCash: p.heldByUnpaidCash } : p,
        );
      });
    addPagedListCases(builder, fetchProductList, (state, arg) => state.lists[arg.key]);
    addPagedListCases(builder, fetchAdminProducts, (state) => state.adminList);
    addRequestStatusMatchers(builder, [previewProductSheet, applyProductSheet], (state) => state.sheet);
    addRequestStatusMatchers(builder, [fetchProductDetails]);
  },
});

export const {
  searchWordChanged,
  categoryFilterToggled,
  brandFilterToggled,
  priceFromChanged,
  priceToChanged,
  sortChanged,
  searchCriteriaRestored,
  productSheetClosed,
  adminProductListClosed,
} = productsSlice.actions;
export default productsSlice.reducer;

export const selectSearchWord = (state: RootState) => state.products.searchWord;
export const selectProductFilters = (state: RootState) => state.products.filters;
export const selectProductList = (state: RootState, key: ProductListKey) => state.products.lists[key];
export const selectProductDetails = (state: RootState) => state.products.details;
export const selectProductDetailsStatus = (state: RootState) => state.products.status;
export const selectProductDetailsMissing = (state: RootState) => state.products.detailsMissing;
export const selectProductSheet = (state: RootState) => state.products.sheet;
export const selectAdminProductList = (state: RootState) => state.products.adminList;
/** Units unpaid cash orders hold of one product (0 while unknown). */
export const selectHeldByUnpaidCash = (state: RootState, id: Id) => state.products.heldByUnpaidCash[id] ?? 0;
