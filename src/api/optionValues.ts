import { apiClient } from './client';
import { productQueryString, type ProductQuery } from './products';
import type { OptionValues } from './types';

/**
 * The option names and values the listing's filter offers (ours; GET /products/optionValues), for the products the
 * listing's other filters find: its query without paging, sort and option values.
 */
export async function getOptionValues(query: ProductQuery): Promise<OptionValues> {
  const { page: _page, limit: _limit, sort: _sort, options: _options, ...filters } = query;
  const qs = productQueryString(filters);
  const { data } = await apiClient.get<{ data: OptionValues }>(`/products/optionValues${qs ? `?${qs}` : ''}`);
  return data.data;
}
