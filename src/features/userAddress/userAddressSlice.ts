import { createSlice } from '@reduxjs/toolkit';
import {
  addAddress,
  deleteAddress as deleteAddressRequest,
  getAddress,
  getAddresses,
  updateAddress,
  type AddressInput,
} from '../../api/addresses';
import type { Address } from '../../api/types';
import { createAppAsyncThunk } from '../../app/hooks';
import { addRequestStatusMatchers, idleRequest, type RequestState } from '../../app/requestStatus';
import type { RootState } from '../../app/store';
import { loggedOut } from '../user/userSlice';

interface UserAddressState extends RequestState {
  items: Address[];
}

const initialState: UserAddressState = { items: [], ...idleRequest };

export const fetchAddresses = createAppAsyncThunk('userAddress/fetch', (_: void) => getAddresses());

/** Deletes, then re-fetches the list (SPEC: the page reloads after an address delete). */
export const deleteAddress = createAppAsyncThunk('userAddress/delete', async (id: string, { dispatch }) => {
  await deleteAddressRequest(id);
  void dispatch(fetchAddresses());
});

/** One address, for its edit form (the form holds the values being edited). */
export const fetchAddress = createAppAsyncThunk('userAddress/fetchOne', (id: string) => getAddress(id));

/** Resolves with the HTTP status (201 = added). */
export const addedAddress = createAppAsyncThunk('userAddress/add', (input: AddressInput) => addAddress(input));

/** Resolves with the HTTP status (200 = updated). */
export const updatedAddress = createAppAsyncThunk(
  'userAddress/update',
  ({ id, input }: { id: string; input: AddressInput }) => updateAddress(id, input),
);

const userAddressSlice = createSlice({
  name: 'userAddress',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchAddresses.fulfilled, (state, action) => {
        state.items = action.payload;
      })
      .addCase(loggedOut, () => initialState);
    addRequestStatusMatchers(builder, [fetchAddresses]);
  },
});

export default userAddressSlice.reducer;

export const selectAddresses = (state: RootState) => state.userAddress.items;
export const selectAddressesStatus = (state: RootState) => state.userAddress.status;
