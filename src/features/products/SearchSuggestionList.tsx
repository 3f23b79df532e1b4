import { useEffect } from 'react';
import type { SearchSuggestions } from '../../api/types';
import { useAppDispatch } from '../../app/hooks';
import PriceTag from '../../components/PriceTag';
import { fetchSearchSuggestions } from './productsSlice';
import { SUGGEST_DEBOUNCE_MS, type SearchOption } from './searchOptions';

const GROUPS = [
  { group: 'products', label: 'منتجات' },
  { group: 'categories', label: 'تصنيفات' },
  { group: 'brands', label: 'ماركات' },
] as const;

function optionsOf(suggestions: SearchSuggestions): SearchOption[] {
  return [
    ...suggestions.products.map((p) => ({
      key: `p${p._id}`,
      href: `/products/${p._id}`,
      group: 'products' as const,
      product: p,
      name: p.title,
    })),
    ...suggestions.categories.map((c) => ({
      key: `c${c._id}`,
      href: `/products/category/${c._id}`,
      group: 'categories' as const,
      name: c.name,
    })),
    ...suggestions.brands.map((b) => ({
      key: `b${b._id}`,
      href: `/products/brand/${b._id}`,
      group: 'brands' as const,
      name: b.name,
    })),
  ];
}

interface SearchSuggestionListProps {
  keyword: string;
  /** The box is open and the keyword long enough: ask for suggestions. */
  wanted: boolean;
  options: SearchOption[];
  active: number;
  optionId: (index: number) => string;
  listId: string;
  onOptions: (options: SearchOption[]) => void;
  onChoose: (option: SearchOption) => void;
}

/**
 * The search box's suggestions: asks for them while `wanted` and renders them grouped, inside the box's listbox.
 * Its own chunk, loaded on the box's first focus or keystroke (SearchBox); a keyword typed before it arrives is
 * asked for as soon as it mounts.
 */
export default function SearchSuggestionList({
  keyword,
  wanted,
  options,
  active,
  optionId,
  listId,
  onOptions,
  onChoose,
}: SearchSuggestionListProps) {
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (!wanted) return;
    // Each new keyword cancels the previous request, so a slow answer for an older keyword never shows.
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const request = dispatch(fetchSearchSuggestions(keyword));
      controller.signal.addEventListener('abort', () => request.abort());
      request.unwrap().then(
        (answer) => onOptions(optionsOf(answer)),
        () => {
          if (!controller.signal.aborted) onOptions([]);
        },
      );
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [dispatch, keyword, wanted, onOptions]);

  return GROUPS.map(({ group, label }) => {
    const members = options.map((option, index) => ({ option, index })).filter(({ option }) => option.group === group);
    if (members.length === 0) return null;
    const labelId = `${listId}-${group}`;
    return (
      <div key={group} role="group" aria-labelledby={labelId}>
        <div id={labelId} role="presentation" className="search-suggestions__label">
          {label}
        </div>
        {members.map(({ option, index }) => (
          <div
            key={option.key}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className={`search-suggestions__option${index === active ? ' active' : ''}`}
            // Keeps the focus in the box (no blur that would close the list before the click lands).
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onChoose(option)}
          >
            {option.product ? (
              <>
                <img
                  src={option.product.imageCover}
                  alt=""
                  width={40}
                  height={30}
                  className="search-suggestions__image"
                />
                <span className="search-suggestions__title">{option.name}</span>
                <PriceTag
                  price={option.product.price}
                  priceAfterDiscount={option.product.priceAfterDiscount}
                  className="small"
                />
              </>
            ) : (
              <span className="search-suggestions__title">{option.name}</span>
            )}
          </div>
        ))}
      </div>
    );
  });
}
