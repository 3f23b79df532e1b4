import { useState } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import type { ProductSort } from '../../api/products';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectProductFilters, sortChanged } from './productsSlice';

const SORT_OPTIONS: Array<{ value: ProductSort; label: string }> = [
  { value: '', label: 'بدون ترتيب' },
  { value: '-sold', label: 'الاكثر مبيعا' },
  { value: '-ratingsAverage', label: 'الاعلى تقييما' },
  { value: '+price', label: 'السعر من الاقل للاعلى' },
  { value: '-price', label: 'السعر من الاعلى للاقل' },
];

/** Sort menu that opens on hover (and on click or keyboard); a choice searches at once. */
export default function SortDropdown() {
  const dispatch = useAppDispatch();
  const { sortType } = useAppSelector(selectProductFilters);
  const [open, setOpen] = useState(false);
  const current = SORT_OPTIONS.find((o) => o.value === sortType) ?? SORT_OPTIONS[0];

  return (
    <Dropdown
      show={open}
      onToggle={(next) => setOpen(next)}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onSelect={(key) => {
        dispatch(sortChanged((key ?? '') as ProductSort));
        setOpen(false);
      }}
      align="end"
    >
      <Dropdown.Toggle variant="outline-dark" size="sm" id="sort-menu">
        ترتيب حسب: {current.label}
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {SORT_OPTIONS.map((option) => (
          <Dropdown.Item key={option.value || 'none'} eventKey={option.value} active={option.value === sortType}>
            {option.label}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}
