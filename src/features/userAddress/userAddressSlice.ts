import { createSlice } from '@reduxjs/toolkit';
import type { Address } from '../../api/types';
import { idleRequest, type RequestState } from '../../app/requestStatus';

export interface UserAddressState extends RequestState {
  items: Address[];
}

const initialState: UserAddressState = { items: [], ...idleRequest };

const userAddressSlice = createSlice({
  name: 'userAddress',
  initialState,
  reducers: {},
});

export default userAddressSlice.reducer;
