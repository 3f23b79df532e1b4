import {
  lazy,
  Suspense,
  useCallback,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type FocusEvent,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { searchWordChanged, selectSearchWord } from './productsSlice';
import { SUGGEST_MIN_LETTERS, type SearchOption } from './searchOptions';
import './SearchBox.css';

// The suggestions (their requests and rendering) arrive on the box's first focus or keystroke, not with the page:
// the box itself, and with it every typed letter, is there from the first paint.
const SearchSuggestionList = lazy(() => import('./SearchSuggestionList'));

const PRODUCTS_PATH = '/products';
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
  const [options, setOptions] = useState<SearchOption[]>([]);
  // Opens on typing only: a word kept from an earlier visit fills the box without opening the list.
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;

  const keyword = searchWord.trim();
  const wanted = open && keyword.length >= SUGGEST_MIN_LETTERS;
  // Set on the first focus or keystroke: from then on the suggestions' chunk is loaded and mounted.
  const [suggesting, setSuggesting] = useState(false);
  const suggest = () => setSuggesting(true);
  const showOptions = useCallback((next: SearchOption[]) => {
    setOptions(next);
    setActive(-1);
  }, []);

  const expanded = wanted && options.length > 0;

  const close = () => {
    setOpen(false);
    setActive(-1);
    setOptions([]);
  };
  const showResults = () => {
    if (pathname !== PRODUCTS_PATH) void navigate(PRODUCTS_PATH);
  };
  const choose = (option: SearchOption) => {
    close();
    // On a phone the keyboard would cover the page the shopper chose.
    inputRef.current?.blur();
    void navigate(option.href);
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    suggest();
    dispatch(searchWordChanged(event.target.value));
    setOpen(true);
    setActive(-1);
    // Too short to suggest: forget the last list, so it does not flash when the word grows again.
    if (event.target.value.trim().length < SUGGEST_MIN_LETTERS) setOptions([]);
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
        onFocus={suggest}
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
        {suggesting && (
          <Suspense fallback={null}>
            <SearchSuggestionList
              keyword={keyword}
              wanted={wanted}
              options={options}
              active={active}
              optionId={optionId}
              listId={listId}
              onOptions={showOptions}
              onChoose={choose}
            />
          </Suspense>
        )}
      </div>
    </form>
  );
}
