import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useBrands } from '../../app/useBrands';
import { useCategories } from '../../app/useCategories';
import {
  brandFilterToggled,
  categoryFilterToggled,
  optionFilterToggled,
  priceFromChanged,
  priceToChanged,
  searchWordChanged,
  selectProductFilters,
  selectSearchWord,
} from './productsSlice';

interface Chip {
  key: string;
  label: string;
  remove: () => void;
}

/**
 * The search word and filters in force, as chips above the results, each removable: the side filter is folded away on
 * a phone and kept between visits, so without them a returning shopper would not see why the results are few.
 */
export default function ActiveFilters() {
  const dispatch = useAppDispatch();
  const { catChecked, brandChecked, priceFrom, priceTo, optionsChecked } = useAppSelector(selectProductFilters);
  const searchWord = useAppSelector(selectSearchWord);
  const categories = useCategories();
  const brands = useBrands();

  const chips: Chip[] = [];
  if (searchWord.trim())
    chips.push({ key: 'word', label: `البحث: ${searchWord.trim()}`, remove: () => dispatch(searchWordChanged('')) });
  for (const id of catChecked) {
    const name = categories.find((c) => c._id === id)?.name;
    if (name) chips.push({ key: `c-${id}`, label: name, remove: () => dispatch(categoryFilterToggled(id)) });
  }
  for (const id of brandChecked) {
    const name = brands.find((b) => b._id === id)?.name;
    if (name) chips.push({ key: `b-${id}`, label: name, remove: () => dispatch(brandFilterToggled(id)) });
  }
  for (const term of optionsChecked) {
    const at = term.indexOf(':');
    const [name, value] = [term.slice(0, at), term.slice(at + 1)];
    chips.push({ key: `o-${term}`, label: `${name}: ${value}`, remove: () => dispatch(optionFilterToggled(term)) });
  }
  if (priceFrom.trim())
    chips.push({ key: 'from', label: `السعر من ${priceFrom.trim()}`, remove: () => dispatch(priceFromChanged('')) });
  if (priceTo.trim())
    chips.push({ key: 'to', label: `السعر الى ${priceTo.trim()}`, remove: () => dispatch(priceToChanged('')) });
  if (chips.length === 0) return null;

  return (
    <ul className="list-unstyled d-flex flex-wrap gap-2 mb-3" aria-label="التصفية الحالية">
      {chips.map((chip) => (
        <li key={chip.key}>
          <button
            type="button"
            className="btn btn-sm btn-light border rounded-pill d-inline-flex align-items-center gap-2 filter-chip"
            aria-label={`ازالة ${chip.label}`}
            onClick={chip.remove}
          >
            <bdi>{chip.label}</bdi>
            <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
