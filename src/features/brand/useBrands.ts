import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { fetchBrands, selectBrands } from './brandSlice';

/** Every brand, loaded once for the whole app (the thunk skips a load already done or under way). */
export function useBrands() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    void dispatch(fetchBrands());
  }, [dispatch]);
  return useAppSelector(selectBrands);
}
