import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  getProduct,
  getSearchSuggestions,
  listProducts,
  type ProductQuery,
  type ProductSort,
} from '../../api/products';
import type { Id, Product, SearchSuggestions } from '../../api/types';
import { createAppAsyncThunk } from '../../app/hooks';
import {
  addPagedListCases,
  addRequestStatusMatchers,
  createReadThunk,
  emptyPagedList,
  idleRead,
  idleRequest,
  isLatestAnswer,
  type PagedList,
  type ReadState,
  type RequestState,
} from '../../app/request';
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
  /** Option values, 'Name:Value' each (ours): kept in the listing's address only, not in browser storage. */
  optionsChecked: string[];
}

/** Its own loading state is the product page's read (`details`). */
interface ProductsState extends ReadState {
  lists: Record<ProductListKey, PagedList<Product>>;
  /** The product of /products/{id}. */
  details: Product | null;
  /** Its load failed because the id is unknown or malformed (a not-found page, not a retry). */
  detailsMissing: boolean;
  /** Typed in the top-bar search box; the listing re-fetches 500 ms after it changes (SPEC §4). */
  searchWord: string;
  /** The search box's suggestions for the latest keyword it asked about (null: none to show). */
  suggestions: RequestState & { data: SearchSuggestions | null };
  filters: ProductFilters;
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
    optionsChecked: [],
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
    options: criteria.optionsChecked,
  };
}

/** One storefront list; `.ahead` is the route's read of it, which the page's own read then takes (app/request.ts). */
export const fetchProductList = createReadThunk(
  'products/fetchList',
  ({ query }: { key: ProductListKey; query: ProductQuery }) => listProducts(query),
  (state, { key }) => state.products.lists[key],
);

/** The product of /products/{id}; `.ahead` is the route's read of it, which the page's own read then takes. */
export const fetchProductDetails = createReadThunk(
  'products/fetchDetails',
  (id: Id) => getProduct(id),
  (state) => state.products,
);
/** The search box's suggestions for a keyword (`suggestions`); `abort()` cancels the request, which then changes nothing. */
export const fetchSearchSuggestions = createAppAsyncThunk('products/fetchSuggestions', (keyword: string, { signal }) =>
  getSearchSuggestions(keyword, signal),
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
    suggestions: { data: null, ...idleRequest },
    filters: storedFilters(),
    ...idleRead,
  }),
  reducers: {
    /** The search box closed its list, or its word became too short to suggest: the last list goes. */
    searchSuggestionsCleared(state) {
      state.suggestions.data = null;
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
    /** An option value ('Name:Value') was toggled; null = none. */
    optionFilterToggled(state, action: PayloadAction<string | null>) {
      state.filters.optionsChecked =
        action.payload === null ? [] : toggle(state.filters.optionsChecked, action.payload);
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
        if (isLatestAnswer(state, action)) state.details = action.payload;
      })
      .addCase(fetchProductDetails.rejected, (state, action) => {
        if (isLatestAnswer(state, action))
          state.detailsMissing = action.payload?.status === 404 || action.payload?.status === 400;
      })
      // Until the new keyword's answer comes, the list of the one before stays.
      .addCase(fetchSearchSuggestions.fulfilled, (state, action) => {
        if (isLatestAnswer(state.suggestions, action)) state.suggestions.data = action.payload;
      })
      // A request cancelled for a newer keyword (or a closed list) changes nothing; a failed one shows no list.
      .addCase(fetchSearchSuggestions.rejected, (state, action) => {
        if (!action.meta.aborted && isLatestAnswer(state.suggestions, action)) state.suggestions.data = null;
      });
    addPagedListCases(builder, fetchProductList, (state, arg) => state.lists[arg.key]);
    addRequestStatusMatchers(builder, [fetchProductDetails]);
    addRequestStatusMatchers(builder, [fetchSearchSuggestions], (state) => state.suggestions);
  },
});

export const {
  searchWordChanged,
  searchSuggestionsCleared,
  categoryFilterToggled,
  brandFilterToggled,
  optionFilterToggled,
  priceFromChanged,
  priceToChanged,
  sortChanged,
  searchCriteriaRestored,
} = productsSlice.actions;
export default productsSlice.reducer;

export const selectSearchWord = (state: RootState) => state.products.searchWord;
export const selectProductFilters = (state: RootState) => state.products.filters;
export const selectProductList = (state: RootState, key: ProductListKey) => state.products.lists[key];
export const selectProductDetails = (state: RootState) => state.products.details;
export const selectProductDetailsStatus = (state: RootState) => state.products.status;
export const selectProductDetailsMissing = (state: RootState) => state.products.detailsMissing;
/** What the search box suggests now (null: nothing). */
export const selectSearchSuggestions = (state: RootState) => state.products.suggestions.data;
