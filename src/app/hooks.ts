import { createAsyncThunk, type AsyncThunk, type AsyncThunkOptions, type GetThunkAPI } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { toApiError } from '../api/client';
import type { ApiError } from '../api/types';
import type { AppDispatch, RootState, ThunkExtra } from './store';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

export type AppThunkConfig = { state: RootState; dispatch: AppDispatch; rejectValue: ApiError; extra: ThunkExtra };
export type AppThunkApi = GetThunkAPI<AppThunkConfig>;
type Rejection = ReturnType<AppThunkApi['rejectWithValue']>;

const createTypedAsyncThunk = createAsyncThunk.withTypes<AppThunkConfig>();

/**
 * The one way to make a thunk: `request` calls src/api (and may dispatch, or reject on purpose with
 * `rejectWithValue`); anything it throws rejects the thunk with the ApiError of `toApiError`, so every slice and
 * screen reads the same `status`/`message`.
 */
export function createAppAsyncThunk<Returned, Arg = void>(
  type: string,
  request: (arg: Arg, thunkApi: AppThunkApi) => Promise<Returned | Rejection>,
  options?: AsyncThunkOptions<Arg, AppThunkConfig>,
): AsyncThunk<Returned, Arg, AppThunkConfig> {
  return createTypedAsyncThunk<Returned, Arg>(
    type,
    async (arg, thunkApi) => {
      try {
        return await request(arg, thunkApi);
      } catch (err) {
        return thunkApi.rejectWithValue(toApiError(err));
      }
    },
    options,
  );
}
