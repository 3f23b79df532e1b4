// The owner's product state: the page of /admin/allproducts, the catalogue sheet, the units unpaid cash orders hold
// and the product on the edit form. Imported by admin screens only: the slice adds itself to the store as it loads
// (app/rootReducer.ts), and its calls come through import(), so none of it reaches a shopper's first load.
import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import type { Id, Product } from '../../api/types';
import { createAppAsyncThunk } from '../../app/hooks';
import { addPagedListCases, emptyPagedList, type PagedList } from '../../app/request';
import { addRequestStatusMatchers, idleRequest, isLatestAnswer, type RequestState } from '../../app/request';
import { rootReducer } from '../../app/rootReducer';
import type { RootState } from '../../app/store';
import { fetchProductForEdit, updateProduct } from './adminThunks';

type SheetPlan = import('../../api/admin/productSheet').SheetPlan;
type SheetUpload = import('../../api/admin/productSheet').SheetFiles;
type AdminProductQuery = import('../../api/admin/products').AdminProductQuery;

interface ProductSheetState extends RequestState {
  plan: SheetPlan | null;
  /** The plan was written (apply answered 200). */
  applied: boolean;
}

/** The product on the owner's edit form, as the server has it now (loaded, then each save's answer). */
interface EditedProduct extends RequestState {
  id: Id | null;
  product: Product | null;
}

interface AdminProductsState {
  /** The page of the owner's product list (/admin/allproducts) with its filters. */
  list: PagedList<Product>;
  /** The owner's catalogue import: the sheet's plan as the server answered it (preview, or applied). */
  sheet: ProductSheetState;
  /** Units unpaid, undelivered cash orders hold, by product, as last asked for (the owner's edit form). */
  heldByUnpaidCash: Record<Id, number>;
  edited: EditedProduct;
}

const emptySheet = (): ProductSheetState => ({ plan: null, applied: false, ...idleRequest });
const noEditedProduct = (): EditedProduct => ({ id: null, product: null, ...idleRequest });
const initialState = (): AdminProductsState => ({
  list: emptyPagedList(),
  sheet: emptySheet(),
  heldByUnpaidCash: {},
  edited: noEditedProduct(),
});

/** The owner's catalogue sheet (admin only: its calls stay in admin chunks). */
const productSheetApi = () => import('../../api/admin/productSheet');
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

/** One page of the owner's product list with its filters; only the answer to the latest request counts. */
export const fetchAdminProducts = createAppAsyncThunk('products/fetchAdminList', async (query: AdminProductQuery) =>
  (await adminProductsApi()).listAdminProducts(query),
);

/** PUT /products/:id with the new stock only; resolves with the product as now stored (the list shows it). */
export const updateStock = createAppAsyncThunk(
  'products/updateStock',
  async ({ id, quantity }: { id: Id; quantity: number }) => (await adminProductsApi()).updateProductStock(id, quantity),
);

type VariantPatch = import('../../api/admin/products').VariantPatch;
/** PATCH one variant of a product (its stock in the list, its photo after a save); resolves with the product as now stored. */
export const updateVariant = createAppAsyncThunk(
  'products/updateVariant',
  async ({ id, variantId, patch }: { id: Id; variantId: Id; patch: VariantPatch }) =>
    (await adminProductsApi()).updateVariant(id, variantId, patch),
);

/** Units of the products that unpaid, undelivered cash orders hold (GET /inventory/held); none on any failure. */
export const fetchHeldByUnpaidCash = createAppAsyncThunk('products/fetchHeld', async (ids: Id[]) =>
  Object.fromEntries(await (await adminProductsApi()).heldByUnpaidCash(ids)),
);

/** The owner's list shows the product as now stored (what unpaid orders hold stays as it was). */
function listShows(state: AdminProductsState, product: Product) {
  state.list.items = state.list.items.map((p) =>
    p._id === product._id ? { ...product, heldByUnpaidCash: p.heldByUnpaidCash } : p,
  );
}

const adminProductsSlice = createSlice({
  name: 'adminProducts',
  initialState,
  reducers: {
    /** The owner left the product list: the next visit starts from a spinner, not from this page. */
    adminProductListClosed(state) {
      state.list = emptyPagedList();
    },
    /** The owner left the edit form: the next visit starts from a spinner, not from this product. */
    productEditClosed(state) {
      state.edited = noEditedProduct();
    },
    /** The owner closed the import (or chose another file): its plan goes. */
    productSheetClosed(state) {
      state.sheet = emptySheet();
    },
  },
  extraReducers: (builder) => {
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
      })
      // A page that failed to load shows no list while it is asked for again.
      .addCase(fetchAdminProducts.rejected, (state, action) => {
        if (isLatestAnswer(state.list, action)) state.list.items = [];
      })
      // Until the answer comes (and when it does not), the products are shown holding none.
      .addCase(fetchHeldByUnpaidCash.pending, (state, action) => {
        for (const id of action.meta.arg) delete state.heldByUnpaidCash[id];
      })
      .addCase(fetchHeldByUnpaidCash.fulfilled, (state, action) => {
        Object.assign(state.heldByUnpaidCash, action.payload);
      })
      // A stock change leaves what unpaid orders hold as it was.
      .addCase(updateStock.fulfilled, (state, action) => listShows(state, action.payload))
      .addCase(updateVariant.fulfilled, (state, action) => {
        listShows(state, action.payload);
        if (state.edited.id === action.meta.arg.id) state.edited.product = action.payload;
      })
      // A retry starts from the spinner again.
      .addCase(fetchProductForEdit.pending, (state, action) => {
        state.edited.product = null;
        state.edited.id = action.meta.arg;
      })
      .addCase(fetchProductForEdit.fulfilled, (state, action) => {
        if (isLatestAnswer(state.edited, action)) state.edited.product = action.payload;
      })
      // The next save compares with (and keeps) the images the server has now, not the ones it has already replaced.
      .addCase(updateProduct.fulfilled, (state, action) => {
        if (state.edited.id === action.meta.arg.id) state.edited.product = action.payload;
      });
    addPagedListCases(builder, fetchAdminProducts, (state) => state.list);
    addRequestStatusMatchers(builder, [previewProductSheet, applyProductSheet], (state) => state.sheet);
    addRequestStatusMatchers(builder, [fetchProductForEdit], (state) => state.edited);
  },
});

declare module '../../app/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof adminProductsSlice> {}
}
/** In the store once an admin screen that needs it has loaded this file (app/rootReducer.ts). */
const own = adminProductsSlice.injectInto(rootReducer).selectSlice;

export const { productSheetClosed, adminProductListClosed, productEditClosed } = adminProductsSlice.actions;
export default adminProductsSlice.reducer;

export const selectProductSheet = (state: RootState) => own(state).sheet;
export const selectAdminProductList = (state: RootState) => own(state).list;
/** Units unpaid cash orders hold of one product (0 while unknown). */
export const selectHeldByUnpaidCash = (state: RootState, id: Id) => own(state).heldByUnpaidCash[id] ?? 0;
/** The product on the edit form (null until loaded, or when the load failed), with its load's status. */
export const selectEditedProduct = (state: RootState) => own(state).edited;
