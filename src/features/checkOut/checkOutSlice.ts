import { createSlice } from '@reduxjs/toolkit';
import { idleRequest, type RequestState } from '../../app/requestStatus';

export interface CheckOutState extends RequestState {
  /** Card checkout: the payment page to open (session.url). */
  sessionUrl: string | null;
}

const initialState: CheckOutState = { sessionUrl: null, ...idleRequest };

const checkOutSlice = createSlice({
  name: 'checkOut',
  initialState,
  reducers: {},
});

export default checkOutSlice.reducer;
