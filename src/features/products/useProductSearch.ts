import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { DELAYS } from '../../lib/delays';
import { criteriaFromParams, criteriaKey, hasListingParams, listingParams, pageFromParams } from './listingUrl';
import {
  fetchProductList,
  productSearchQuery,
  searchCriteriaRestored,
  selectProductFilters,
  selectSearchWord,
  type SearchCriteria,
} from './productsSlice';

/**
 * How long to wait before searching with `next` after the shopper changed it (SPEC §4): a sort choice at once, a
 * filter change after 1000 ms, typing after 500 ms.
 */
function refreshDelay(prev: SearchCriteria, next: SearchCriteria): number {
  if (prev.sortType !== next.sortType) return 0;
  if (
    prev.catChecked.join() !== next.catChecked.join() ||
    prev.brandChecked.join() !== next.brandChecked.join() ||
    prev.priceFrom !== next.priceFrom ||
    prev.priceTo !== next.priceTo ||
    prev.optionsChecked.join() !== next.optionsChecked.join()
  ) {
    return DELAYS.filterRefresh;
  }
  if (prev.searchWord !== next.searchWord) return DELAYS.searchRefresh;
  return 0;
}

/**
 * Runs the /products search from its address (listingUrl.ts), which the store's criteria (side filter, sort, top-bar
 * search) and the address keep in step: the shopper's changes are written into the address (replacing it, so Back
 * leaves the listing rather than undoing each keystroke), and an address that arrives (Back, reload, a shared or
 * "المزيد" link) sets the criteria. The shopper's own changes wait SPEC's delays; an arriving address searches at once.
 */
export function useProductSearch() {
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const filters = useAppSelector(selectProductFilters);
  const searchWord = useAppSelector(selectSearchWord);
  const criteria = useMemo(() => ({ ...filters, searchWord }), [filters, searchWord]);
  const address = params.toString();
  const urlCriteria = useMemo(() => {
    const current = new URLSearchParams(address);
    return hasListingParams(current) ? criteriaFromParams(current) : null;
  }, [address]);
  const page = pageFromParams(params);

  // The criteria the address just gave the store, until the store has them (so they are not written back as a change).
  const restoring = useRef<string | null>(null);
  // The address last written from the store's criteria: its search is the shopper's change, with SPEC's delay.
  const written = useRef<string | null>(null);

  /** Writes the store's criteria into the address, from page 1. */
  const write = (next: SearchCriteria) => {
    const address = listingParams(next, 1);
    written.current = address.toString();
    setParams(address, { replace: true });
  };

  // Address → store.
  useEffect(() => {
    if (!urlCriteria) {
      // A bare /products: the criteria kept from earlier visits, written into the address.
      write(criteria);
      return;
    }
    if (address === written.current) {
      // An address written here never sets the store back: a shopper typing on while it was on its way (the listing
      // opens at the first letter, its page still loading) keeps every letter, and the newer word is written.
      if (criteriaKey(urlCriteria) !== criteriaKey(criteria)) write(criteria);
      return;
    }
    if (criteriaKey(urlCriteria) !== criteriaKey(criteria)) {
      restoring.current = criteriaKey(urlCriteria);
      dispatch(searchCriteriaRestored(urlCriteria));
    }
    // Only the address matters here: the store's criteria are read as they are when it arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [address]);

  // Store → address: a filter, the sort or the typed word changed; the results start again from page 1.
  useEffect(() => {
    const key = criteriaKey(criteria);
    if (restoring.current !== null) {
      if (restoring.current === key) restoring.current = null;
      return;
    }
    if (!urlCriteria || criteriaKey(urlCriteria) === key) return;
    write(criteria);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [criteria]);

  // The search of the address.
  const searched = useRef<SearchCriteria | null>(null);
  useEffect(() => {
    if (!urlCriteria) return;
    const previous = searched.current;
    const delay = previous && address === written.current ? refreshDelay(previous, urlCriteria) : 0;
    const timer = setTimeout(() => {
      searched.current = urlCriteria;
      void dispatch(fetchProductList({ key: 'search', query: productSearchQuery(urlCriteria, page) }));
    }, delay);
    return () => clearTimeout(timer);
  }, [address, urlCriteria, page, dispatch]);

  // A bare /products shows the route's answer (its loader's read) before the store's criteria are written into the
  // address; until then the pager and the retry take those criteria, the ones being written.
  const shown = urlCriteria ?? criteria;

  /** A new page is a step of its own: Back returns to the page before. */
  const goToPage = useCallback((next: number) => setParams(listingParams(shown, next)), [shown, setParams]);

  /** Sends the current page's search again (after a failed load). */
  const retry = useCallback(() => {
    void dispatch(fetchProductList({ key: 'search', query: productSearchQuery(shown, page) }));
  }, [dispatch, shown, page]);

  return { page, goToPage, retry };
}
