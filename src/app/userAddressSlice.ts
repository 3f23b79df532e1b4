import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import * as addressesApi from '../api/addresses';
import type { AddressInput } from '../api/addresses';
import type { Address, ApiError, Id } from '../api/types';
import { createAppAsyncThunk } from './hooks';
import { addRequestStatusMatchers, idleRequest, isLatestAnswer, type RequestState } from './request';
import { rootReducer } from './rootReducer';
import type { RootState } from './store';
import { loggedOut } from './userSlice';

/** The address of the edit screen (/user/edit-address/:id), as the server has it: the form starts from it. */
interface EditedAddressState extends RequestState {
  id: Id | null;
  address: Address | null;
  /** Why its load failed (the screen words it by its status). */
  failure: ApiError | null;
}

interface UserAddressState extends RequestState {
  items: Address[];
  edited: EditedAddressState;
}

const initialEdited: EditedAddressState = { id: null, address: null, failure: null, ...idleRequest };
const initialState: UserAddressState = { items: [], edited: initialEdited, ...idleRequest };

export const fetchAddresses = createAppAsyncThunk('userAddress/fetch', (_: void) => addressesApi.getAddresses());

/** Deletes, then re-fetches the list (SPEC: the page reloads after an address delete). */
export const deleteAddress = createAppAsyncThunk('userAddress/delete', async (id: string, { dispatch }) => {
  await addressesApi.deleteAddress(id);
  void dispatch(fetchAddresses());
});

/** One address, for its edit form (the form holds the values being edited); only the latest request's answer counts. */
export const fetchAddress = createAppAsyncThunk('userAddress/fetchOne', (id: string) => addressesApi.getAddress(id));

/** Resolves with every address of the customer; rejects with the server's error. */
export const addAddress = createAppAsyncThunk('userAddress/add', (input: AddressInput) =>
  addressesApi.addAddress(input),
);

/** Resolves with the address as stored; rejects with the server's error. */
export const updateAddress = createAppAsyncThunk(
  'userAddress/update',
  ({ id, input }: { id: string; input: AddressInput }) => addressesApi.updateAddress(id, input),
);

const userAddressSlice = createSlice({
  name: 'userAddress',
  initialState,
  reducers: {
    /** The customer left the edit screen: the next one starts from a spinner, not from this address. */
    addressEditClosed(state) {
      state.edited = initialEdited;
    },
  },
  extraReducers: (builder) => {
    builder
      // A read that the page sent before a deletion and that is answered after the re-read does not bring it back.
      .addCase(fetchAddresses.fulfilled, (state, action) => {
        if (isLatestAnswer(state, action)) state.items = action.payload;
      })
      .addCase(fetchAddress.pending, (state, action) => {
        if (state.edited.id !== action.meta.arg) state.edited.address = null;
        state.edited.id = action.meta.arg;
        state.edited.failure = null;
      })
      .addCase(fetchAddress.fulfilled, (state, action) => {
        if (isLatestAnswer(state.edited, action)) state.edited.address = action.payload;
      })
      .addCase(fetchAddress.rejected, (state, action) => {
        if (isLatestAnswer(state.edited, action)) state.edited.failure = action.payload ?? { message: '' };
      })
      .addCase(loggedOut, () => initialState);
    addRequestStatusMatchers(builder, [fetchAddresses]);
    addRequestStatusMatchers(builder, [fetchAddress], (state) => state.edited);
  },
});

export const { addressEditClosed } = userAddressSlice.actions;
declare module './rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof userAddressSlice> {}
}
/** In the store once a screen that needs it has loaded this file (app/rootReducer.ts). */
const own = userAddressSlice.injectInto(rootReducer).selectSlice;

export default userAddressSlice.reducer;

export const selectAddresses = (state: RootState) => own(state).items;
export const selectAddressesStatus = (state: RootState) => own(state).status;
export const selectEditedAddress = (state: RootState) => own(state).edited;
