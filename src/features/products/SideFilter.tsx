import { useEffect, useId } from 'react';
import Form from 'react-bootstrap/Form';
import type { Id } from '../../api/types';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useBrands } from '../../app/useBrands';
import { useCategories } from '../../app/useCategories';
import { DELAYS } from '../../lib/delays';
import { optionTerm } from './listingUrl';
import { fetchOptionValues, selectOptionValues } from './optionValuesSlice';
import {
  brandFilterToggled,
  categoryFilterToggled,
  optionFilterToggled,
  priceFromChanged,
  priceToChanged,
  productSearchQuery,
  selectProductFilters,
  selectSearchWord,
} from './productsSlice';

interface CheckListProps {
  title: string;
  options: Array<{ _id: Id; name: string; hex?: string | undefined }>;
  checked: Id[];
  /** null = 'all'. */
  onToggle: (id: Id | null) => void;
}

function CheckList({ title, options, checked, onToggle }: CheckListProps) {
  const prefix = useId();
  return (
    <fieldset className="mb-3">
      <legend className="fs-6 fw-bold">{title}</legend>
      <Form.Check id={`${prefix}-all`} label="الكل" checked={checked.length === 0} onChange={() => onToggle(null)} />
      {options.map((option) => (
        <Form.Check
          key={option._id}
          id={`${prefix}-${option._id}`}
          label={
            option.hex ? (
              <span className="d-inline-flex align-items-center gap-1">
                <span
                  className="d-inline-block rounded-circle border"
                  style={{ width: 14, height: 14, backgroundColor: option.hex }}
                  aria-hidden="true"
                />
                {option.name}
              </span>
            ) : (
              option.name
            )
          }
          checked={checked.includes(option._id)}
          onChange={() => onToggle(option._id)}
        />
      ))}
    </fieldset>
  );
}

/** The listing's side filter: categories, brands, a price range (SPEC §2) and the option values its products have. */
export default function SideFilter() {
  const dispatch = useAppDispatch();
  const categories = useCategories();
  const brands = useBrands();
  const filters = useAppSelector(selectProductFilters);
  const { catChecked, brandChecked, priceFrom, priceTo, optionsChecked } = filters;
  const searchWord = useAppSelector(selectSearchWord);
  const optionValues = useAppSelector(selectOptionValues);

  // The option values of the products the other filters find, asked again (after the listing's filter delay) when
  // those change; choosing a value does not change what is offered.
  const others = JSON.stringify(productSearchQuery({ ...filters, searchWord, optionsChecked: [], sortType: '' }, 1));
  useEffect(() => {
    const timer = setTimeout(
      () => void dispatch(fetchOptionValues(JSON.parse(others) as Parameters<typeof fetchOptionValues>[0])),
      DELAYS.filterRefresh,
    );
    return () => clearTimeout(timer);
  }, [dispatch, others]);

  return (
    <aside aria-label="تصفية النتائج" className="bg-white rounded shadow-sm p-3 side-filter">
      <CheckList
        title="الفئة"
        options={categories}
        checked={catChecked}
        onToggle={(id) => dispatch(categoryFilterToggled(id))}
      />
      <CheckList
        title="الماركة"
        options={brands}
        checked={brandChecked}
        onToggle={(id) => dispatch(brandFilterToggled(id))}
      />
      {optionValues.map((option) => {
        const terms = option.values.map((v) => ({ _id: optionTerm(option.name, v.value), name: v.value, hex: v.hex }));
        return (
          <CheckList
            key={option.name}
            title={option.name}
            options={terms}
            checked={optionsChecked.filter((term) => terms.some((t) => t._id === term))}
            onToggle={(term) =>
              term === null
                ? terms.forEach((t) => optionsChecked.includes(t._id) && dispatch(optionFilterToggled(t._id)))
                : dispatch(optionFilterToggled(term))
            }
          />
        );
      })}
      <fieldset>
        <legend className="fs-6 fw-bold">السعر</legend>
        <Form.Group className="d-flex align-items-center gap-2 mb-2" controlId="price-from">
          <Form.Label className="mb-0 flex-shrink-0" style={{ minWidth: '2rem' }}>
            من:
          </Form.Label>
          <Form.Control
            size="sm"
            inputMode="decimal"
            value={priceFrom}
            onChange={(e) => dispatch(priceFromChanged(e.target.value))}
          />
        </Form.Group>
        <Form.Group className="d-flex align-items-center gap-2" controlId="price-to">
          <Form.Label className="mb-0 flex-shrink-0" style={{ minWidth: '2rem' }}>
            الى:
          </Form.Label>
          <Form.Control
            size="sm"
            inputMode="decimal"
            value={priceTo}
            onChange={(e) => dispatch(priceToChanged(e.target.value))}
          />
        </Form.Group>
      </fieldset>
    </aside>
  );
}
