import LoadError from '../../components/LoadError';
import NotFound from '../../components/NotFound';
import Spinner from '../../components/Spinner';
import type { RouteOrder } from './useRouteOrder';

const ORDER_NOT_FOUND_TITLE = 'هذا الطلب غير موجود';

/**
 * What an order page shows until it has its order: a spinner while it is asked for, then, if the request failed, the
 * not-found page for an order that does not exist (with `notFoundText`; without it, the retry as for any failure), or
 * the failure with its retry.
 */
export default function OrderLoadState({ route, notFoundText }: { route: RouteOrder; notFoundText?: string }) {
  if (!route.failed) return <Spinner />;
  if (route.missing && notFoundText) return <NotFound title={ORDER_NOT_FOUND_TITLE} text={notFoundText} />;
  return <LoadError onRetry={route.reload} />;
}
