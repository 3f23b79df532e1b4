// The one slice shape of the brand and category areas: every entry (strips, filters, selects), one page of the
// /allbrand or /allcategory screen, the entry a /products/brand|category/:id page asked for by id, and the owner's
// list with product counts. The owner's list is read through import(), so its call stays in the admin chunks.
import {
  createSlice,
  type ActionCreatorWithoutPayload,
  type ActionReducerMapBuilder,
  type AsyncThunk,
  type Draft,
  type Reducer,
} from '@reduxjs/toolkit';
import { ALL_ITEMS_LIMIT, type ListQuery } from '../api/categories';
import type { Id, ListResponse } from '../api/types';
import { createAppAsyncThunk, type AppThunkConfig } from './hooks';
import { addPagedListCases, emptyPagedList, type PagedList } from './request';
import { addRequestStatusMatchers, idleRequest, isLatestAnswer, type RequestState } from './request';

type CatalogueEntry = import('../api/admin/catalog').CatalogueEntry;
type CatalogueKind = import('../api/admin/catalog').CatalogueKind;

/** One entry asked for by id; only the answer to the latest request counts. */
export interface EntryLookup<T> extends RequestState {
  id: Id | null;
  entry: T | null;
  /** Its load failed because the id is unknown or malformed (404, or 400 for a malformed id). */
  missing: boolean;
}

export interface CatalogueState<T> extends RequestState {
  /** Every entry (loaded once per session, or afresh for the owner's forms). */
  items: T[];
  /** One page of the storefront's /allbrand or /allcategory screen. */
  page: PagedList<T>;
  /** The entry a filtered product page asked for by id, when `items` does not hold it. */
  lookup: EntryLookup<T>;
  /** One page of the owner's list, with product counts. */
  catalogue: PagedList<CatalogueEntry>;
}

type CatalogueListThunk = AsyncThunk<ListResponse<CatalogueEntry>, { page: number; limit: number }, AppThunkConfig>;

/** What `createCatalogueSlice` makes (declared, so the store's type does not depend on the thunks' own). */
export interface CatalogueSlice<T> {
  reducer: Reducer<CatalogueState<T>>;
  /** The owner left the list: the next visit starts from a spinner, not from this page. */
  catalogueListClosed: ActionCreatorWithoutPayload;
  fetchAll: AsyncThunk<ListResponse<T>, { force?: boolean } | void, AppThunkConfig>;
  fetchPage: AsyncThunk<ListResponse<T>, number, AppThunkConfig>;
  fetchOne: AsyncThunk<T, Id, AppThunkConfig>;
  fetchCatalogue: CatalogueListThunk;
}

/** One page of the owner's list of `kind` with product counts, typed `<area>/fetchCatalogue`. */
export function createCatalogueListThunk(area: string, kind: CatalogueKind): CatalogueListThunk {
  return createAppAsyncThunk(`${area}/fetchCatalogue`, async ({ page, limit }: { page: number; limit: number }) =>
    (await import('../api/admin/catalog')).listCatalogue(kind, page, limit),
  );
}

/**
 * Keeps the owner's list chosen by `select` (call it after every `addCase`): the latest page asked for, and no entries
 * once that page failed to load (so asking again shows no stale list).
 */
export function addCatalogueListCases<S>(
  builder: ActionReducerMapBuilder<S>,
  thunk: CatalogueListThunk,
  select: (state: Draft<S>) => Draft<PagedList<CatalogueEntry>>,
) {
  builder.addMatcher(thunk.rejected.match, (state, action) => {
    const list = select(state);
    if (isLatestAnswer(list, action)) list.items = [];
  });
  addPagedListCases(builder, thunk, select);
}

const emptyLookup = <T>(): EntryLookup<T> => ({
  id: null,
  entry: null,
  missing: false,
  ...idleRequest,
});

/**
 * The slice of the brand or the category area, with its thunks: `fetchAll` (`<name>/fetchAll`: every entry, once per
 * session unless `force`), `fetchPage` (`<name>/fetchPage`), `fetchOne` (`<name>/fetchOne`), `fetchCatalogue`
 * (`<name>/fetchCatalogue`) and the event `catalogueListClosed`.
 */
export function createCatalogueSlice<T extends { _id: Id }>(
  name: 'brand' | 'category',
  {
    kind,
    pageSize,
    list,
    getOne,
  }: {
    kind: CatalogueKind;
    /** Page size of the storefront's screen of all entries (SPEC §9). */
    pageSize: number;
    list: (query: ListQuery) => Promise<ListResponse<T>>;
    getOne: (id: Id) => Promise<T>;
  },
): CatalogueSlice<T> {
  const fetchAll = createAppAsyncThunk(
    `${name}/fetchAll`,
    (_: { force?: boolean } | void) => list({ limit: ALL_ITEMS_LIMIT }),
    {
      condition: (arg, { getState }) =>
        Boolean(arg?.force) || !['pending', 'succeeded'].includes(getState()[name].status),
    },
  );
  const fetchPage = createAppAsyncThunk(`${name}/fetchPage`, (page: number) => list({ limit: pageSize, page }));
  const fetchOne = createAppAsyncThunk(`${name}/fetchOne`, (id: Id) => getOne(id));
  const fetchCatalogue = createCatalogueListThunk(name, kind);

  const initialState: CatalogueState<T> = {
    items: [],
    page: emptyPagedList(),
    lookup: emptyLookup(),
    catalogue: emptyPagedList(),
    ...idleRequest,
  };

  const slice = createSlice({
    name,
    initialState,
    reducers: {
      catalogueListClosed(state) {
        state.catalogue = emptyPagedList();
      },
    },
    extraReducers: (builder) => {
      builder
        .addCase(fetchAll.fulfilled, (state, action) => {
          state.items = action.payload.data as typeof state.items;
        })
        .addCase(fetchOne.pending, (state, action) => {
          const { lookup } = state;
          if (lookup.id !== action.meta.arg) lookup.entry = null;
          lookup.id = action.meta.arg;
          lookup.missing = false;
        })
        .addCase(fetchOne.fulfilled, (state, action) => {
          if (isLatestAnswer(state.lookup, action)) state.lookup.entry = action.payload as typeof state.lookup.entry;
        })
        .addCase(fetchOne.rejected, (state, action) => {
          if (!isLatestAnswer(state.lookup, action)) return;
          state.lookup.missing = action.payload?.status === 404 || action.payload?.status === 400;
        });
      addPagedListCases(builder, fetchPage, (state) => state.page);
      addCatalogueListCases(builder, fetchCatalogue, (state) => state.catalogue);
      addRequestStatusMatchers(builder, [fetchOne], (state) => state.lookup);
      addRequestStatusMatchers(builder, [fetchAll]);
    },
  });

  return {
    reducer: slice.reducer,
    catalogueListClosed: slice.actions.catalogueListClosed,
    fetchAll,
    fetchPage,
    fetchOne,
    fetchCatalogue,
  };
}
