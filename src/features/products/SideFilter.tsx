import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import type { Id } from '../../api/types';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useBrands } from '../../app/useBrands';
import { useCategories } from '../../app/useCategories';
import {
  brandFilterToggled,
  categoryFilterToggled,
  priceFromChanged,
  priceToChanged,
  selectProductFilters,
} from './productsSlice';

interface CheckListProps {
  title: string;
  options: Array<{ _id: Id; name: string }>;
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
          label={option.name}
          checked={checked.includes(option._id)}
          onChange={() => onToggle(option._id)}
        />
      ))}
    </fieldset>
  );
}

/** The listing's side filter: categories, brands and a price range (SPEC §2). */
export default function SideFilter() {
  const dispatch = useAppDispatch();
  const categories = useCategories();
  const brands = useBrands();
  const { catChecked, brandChecked, priceFrom, priceTo } = useAppSelector(selectProductFilters);

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
