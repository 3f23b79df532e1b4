import type { ProductSort } from '../../api/products';
import { PRODUCT_SORTS, type SearchCriteria } from './productsSlice';

/**
 * The /products listing's state in its address (`/products?keyword=…&sort=…&category=…&page=2`), so Back, a reload
 * and a shared link show the same results. An address with none of these names is a bare /products: the listing then
 * starts from the criteria kept in browser storage (SPEC §3) and writes them into the address.
 */
const LISTING_PARAMS = ['keyword', 'sort', 'category', 'brand', 'priceFrom', 'priceTo', 'options', 'page'] as const;

/** The listing's filter by option value in its address, as the server takes it: `options=المقاس:XL,اللون:أزرق`. */
const optionTerms = (value: string | null) => (value ?? '').split(',').filter((term) => term.indexOf(':') > 0);

/** One term of the filter by option value: 'المقاس:XL'. */
export const optionTerm = (name: string, value: string) => `${name}:${value}`;

export const hasListingParams = (params: URLSearchParams) => LISTING_PARAMS.some((name) => params.has(name));

export function criteriaFromParams(params: URLSearchParams): SearchCriteria {
  const sort = params.get('sort') ?? '';
  return {
    searchWord: params.get('keyword') ?? '',
    sortType: (PRODUCT_SORTS as string[]).includes(sort) ? (sort as ProductSort) : '',
    catChecked: params.getAll('category').filter(Boolean),
    brandChecked: params.getAll('brand').filter(Boolean),
    priceFrom: params.get('priceFrom') ?? '',
    priceTo: params.get('priceTo') ?? '',
    optionsChecked: optionTerms(params.get('options')),
  };
}

/** A page number from the address: a whole number of at least 1, else 1. */
export function pageFromParams(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The address of the criteria on a page; the page is always written, so the address is never bare. */
export function listingParams(criteria: SearchCriteria, page: number): URLSearchParams {
  const params = new URLSearchParams();
  if (criteria.searchWord) params.set('keyword', criteria.searchWord);
  if (criteria.sortType) params.set('sort', criteria.sortType);
  criteria.catChecked.forEach((id) => params.append('category', id));
  criteria.brandChecked.forEach((id) => params.append('brand', id));
  if (criteria.priceFrom) params.set('priceFrom', criteria.priceFrom);
  if (criteria.priceTo) params.set('priceTo', criteria.priceTo);
  if (criteria.optionsChecked.length) params.set('options', criteria.optionsChecked.join(','));
  params.set('page', String(page));
  return params;
}

/** Two criteria are the same search when they make the same address. */
export const criteriaKey = (criteria: SearchCriteria) => listingParams(criteria, 1).toString();

/** The listing's address for a "المزيد" link or an offer: its own sort (and keyword), no old keyword or filter. */
export const listingPath = (sort: ProductSort = '', keyword = '') =>
  `/products?${listingParams(
    {
      searchWord: keyword,
      sortType: sort,
      catChecked: [],
      brandChecked: [],
      priceFrom: '',
      priceTo: '',
      optionsChecked: [],
    },
    1,
  ).toString()}`;
