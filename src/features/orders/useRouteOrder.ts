import { useCallback, useEffect } from 'react';
import { useParams } from 'react-router-dom';
import type { Order } from '../../api/types';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { fetchOrder, selectOrderDetails } from './ordersSlice';

/** The order the address's `:id` names, as an order page reads it (the customer's and the owner's). */
export interface RouteOrder {
  id: string;
  /** The order once it has come, and while it is asked for again; null before. */
  order: Order | null;
  /** The last request for this order failed (a first load, or asking again). */
  failed: boolean;
  /** It failed because there is no such order (or not one of the customer's). */
  missing: boolean;
  /** Asks for the order again (a retry, or after a change made elsewhere). */
  reload: () => void;
}

/** Loads the order of the route's `:id` on arrival (and when the id changes), through the orders slice. */
export function useRouteOrder(): RouteOrder {
  const { id = '' } = useParams();
  const dispatch = useAppDispatch();
  const { id: askedFor, order: stored, status, missing } = useAppSelector(selectOrderDetails);
  const reload = useCallback(() => void dispatch(fetchOrder(id)), [dispatch, id]);

  useEffect(reload, [reload]);

  // What the slice holds of an earlier order's request says nothing of this one.
  const current = askedFor === id;
  return {
    id,
    order: current ? stored : null,
    failed: current && status === 'failed',
    missing: current && missing,
    reload,
  };
}
