import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type FocusEvent,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { SearchSuggestions } from '../../api/types';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import {
  fetchSearchSuggestions,
  searchSuggestionsCleared,
  searchWordChanged,
  selectSearchSuggestions,
  selectSearchWord,
} from './productsSlice';
import PriceTag from '../../components/PriceTag';
import './SearchBox.css';

const PRODUCTS_PATH = '/products';
/** Suggestions start at the second letter, once typing pauses this long (ms). */
const SUGGEST_MIN_LETTERS = 2;
const SUGGEST_DEBOUNCE_MS = 200;

interface Option {
  key: string;
  href: string;
  group: 'products' | 'categories' | 'brands';
  product?: SearchSuggestions['products'][number];
  name: string;
}

const GROUPS = [
  { group: 'products', label: 'منتجات' },
  { group: 'categories', label: 'تصنيفات' },
  { group: 'brands', label: 'ماركات' },
] as const;

function optionsOf(suggestions: SearchSuggestions): Option[] {
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

/**
 * Top-bar search, an ARIA combobox (APG "list autocomplete"): every keystroke updates `searchWord` (mirrored to
 * storage) and shows the listing, which searches with it (SPEC §4); from the second letter a list suggests
 * products, categories and brands. Arrow keys move through it, Enter opens the highlighted one (or, with none
 * highlighted, the listing as before), Escape closes it.
 */
export default function SearchBox() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const searchWord = useAppSelector(selectSearchWord);
  const suggestions = useAppSelector(selectSearchSuggestions);
  const options = useMemo(() => (suggestions ? optionsOf(suggestions) : []), [suggestions]);
  // Opens on typing only: a word kept from an earlier visit fills the box without opening the list.
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // A new list of suggestions starts with none highlighted.
  const [activeIn, setActiveIn] = useState(suggestions);
  if (activeIn !== suggestions) {
    setActiveIn(suggestions);
    if (suggestions) setActive(-1);
  }
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;

  const keyword = searchWord.trim();
  const wanted = open && keyword.length >= SUGGEST_MIN_LETTERS;
  useEffect(() => {
    if (!wanted) return;
    // Each new keyword cancels the previous request, so a slow answer for an older keyword never shows.
    let request: { abort: () => void } | undefined;
    const timer = setTimeout(() => {
      request = dispatch(fetchSearchSuggestions(keyword));
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      request?.abort();
    };
  }, [dispatch, keyword, wanted]);

  const expanded = wanted && options.length > 0;

  const close = () => {
    setOpen(false);
    setActive(-1);
    dispatch(searchSuggestionsCleared());
  };
  const showResults = () => {
    if (pathname !== PRODUCTS_PATH) void navigate(PRODUCTS_PATH);
  };
  const choose = (option: Option) => {
    close();
    // On a phone the keyboard would cover the page the shopper chose.
    inputRef.current?.blur();
    void navigate(option.href);
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    dispatch(searchWordChanged(event.target.value));
    setOpen(true);
    setActive(-1);
    // Too short to suggest: forget the last list, so it does not flash when the word grows again.
    if (event.target.value.trim().length < SUGGEST_MIN_LETTERS) dispatch(searchSuggestionsCleared());
    showResults();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    close();
    showResults();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!expanded) {
        // A closed list (after Escape) opens again with the arrows, as the combobox pattern expects.
        if (keyword.length >= SUGGEST_MIN_LETTERS) setOpen(true);
        return;
      }
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // Past either end the highlight leaves the list and the box keeps the typed word (-1).
      setActive((current) => {
        const next = current + step;
        return next < -1 ? options.length - 1 : next >= options.length ? -1 : next;
      });
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      event.preventDefault();
      choose(options[active]);
    } else if (event.key === 'Escape' && (open || options.length > 0)) {
      event.preventDefault();
      close();
    }
  };
  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
  };

  return (
    <form role="search" className="top-bar__search order-lg-1 mx-lg-3 mt-2 mt-lg-0" onSubmit={onSubmit} onBlur={onBlur}>
      <input
        ref={inputRef}
        type="search"
        role="combobox"
        className="form-control"
        placeholder="ابحث..."
        aria-label="ابحث عن منتج"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        value={searchWord}
        onChange={onChange}
        onKeyDown={onKeyDown}
      />
      {/* Always in the page (hidden when closed) so aria-controls names an element; light on the dark bar. */}
      <div
        id={listId}
        role="listbox"
        aria-label="اقتراحات البحث"
        className="search-suggestions shadow"
        data-bs-theme="light"
        hidden={!expanded}
      >
        {GROUPS.map(({ group, label }) => {
          const members = options
            .map((option, index) => ({ option, index }))
            .filter(({ option }) => option.group === group);
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
                  onClick={() => choose(option)}
                >
                  {option.product ? (
                    <>
                      <img
                        src={option.product.imageCover || undefined}
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
        })}
      </div>
    </form>
  );
}
