import type { SearchSuggestions } from '../../api/types';

/** One suggestion of the top-bar search box. */
export interface SearchOption {
  key: string;
  href: string;
  group: 'products' | 'categories' | 'brands';
  product?: SearchSuggestions['products'][number];
  name: string;
}

/** Suggestions start at the second letter, once typing pauses this long (ms). */
export const SUGGEST_MIN_LETTERS = 2;
export const SUGGEST_DEBOUNCE_MS = 200;
