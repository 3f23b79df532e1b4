import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { parseNumberInput } from '../../../../common/digits';
import FieldError from '../../../components/admin/FieldError';
import { fieldErrorId } from '../../../components/admin/requiredFields';
import type { ImageMap } from '../../../components/admin/ImageUploader';
import {
  combinations,
  EMPTY_VARIANT,
  VARIANT_GRID_ID,
  variantFieldId,
  type VariantDraft,
  type VariantProblem,
  type VariantsDraft,
} from './variantDrafts';

interface VariantGridProps {
  draft: VariantsDraft;
  onChange: (draft: VariantsDraft) => void;
  /** The form's image slots: a variant's photo is one of them. */
  images: ImageMap;
  /** The product's price and price after discount as typed: what a variant without its own shows. */
  productPrice: string;
  productPriceAfterDiscount: string;
  problems: VariantProblem[];
  /** The server's refusal of the variants, when the last save had one. */
  refusal?: string;
}

const TEXT_FIELDS: { field: keyof VariantDraft; label: string; mode: 'numeric' | 'decimal' | 'text' }[] = [
  { field: 'quantity', label: 'المخزون', mode: 'numeric' },
  { field: 'price', label: 'السعر قبل الخصم', mode: 'decimal' },
  { field: 'priceAfterDiscount', label: 'السعر بعد الخصم', mode: 'decimal' },
  { field: 'sku', label: 'رمز SKU', mode: 'text' },
  { field: 'barcode', label: 'الباركود', mode: 'text' },
];

const toggleId = (key: string) => `variant-${key.replace(/\|/g, '-')}-toggle`;

/**
 * Every combination of the options' values: each kept one with its stock, prices, SKU, barcode and photo edited in
 * place, each left out one (no XXL in red) with a button that brings it back; "تطبيق على الكل" sets the price or
 * the stock of every kept one.
 */
export default function VariantGrid({
  draft,
  onChange,
  images,
  productPrice,
  productPriceAfterDiscount,
  problems,
  refusal,
}: VariantGridProps) {
  const [allPrice, setAllPrice] = useState('');
  const [allStock, setAllStock] = useState('');
  /** The combination whose leave-out/bring-back button was just pressed: it keeps the focus as the row changes. */
  const [toggled, setToggled] = useState<string | null>(null);
  useEffect(() => {
    if (toggled) document.getElementById(toggleId(toggled))?.focus();
  }, [toggled, draft.leftOut]);

  const all = combinations(draft.options);
  if (all.length === 0) return null;
  const kept = all.filter((c) => !draft.leftOut.includes(c.key));
  const slots = Object.keys(images)
    .map(Number)
    .sort((a, b) => a - b);
  const problemOf = (id: string) => problems.find((p) => p.id === id)?.message;

  const setField = (key: string, field: keyof VariantDraft, value: string) =>
    onChange({
      ...draft,
      variants: { ...draft.variants, [key]: { ...(draft.variants[key] ?? EMPTY_VARIANT), [field]: value } },
    });
  const applyToAll = (field: 'price' | 'quantity', value: string) => {
    if (parseNumberInput(value) === null) return;
    const variants = { ...draft.variants };
    for (const { key } of kept) variants[key] = { ...(variants[key] ?? EMPTY_VARIANT), [field]: value.trim() };
    onChange({ ...draft, variants });
  };
  const toggle = (key: string) => {
    setToggled(key);
    onChange({
      ...draft,
      leftOut: draft.leftOut.includes(key) ? draft.leftOut.filter((k) => k !== key) : [...draft.leftOut, key],
    });
  };
  const gridProblem = problemOf(VARIANT_GRID_ID) ?? refusal;

  return (
    <section id={VARIANT_GRID_ID} aria-labelledby="variants-heading" className="d-grid gap-2">
      <h2 id="variants-heading" className="fs-6 fw-semibold mb-0">
        الانواع: {kept.length} من {all.length}
      </h2>
      {gridProblem && (
        <div id={fieldErrorId(VARIANT_GRID_ID)} className="invalid-feedback d-block" role="alert">
          {gridProblem}
        </div>
      )}
      <div className="row g-2 align-items-end">
        {(
          [
            ['price', 'السعر لكل الانواع', allPrice, setAllPrice, 'decimal'],
            ['quantity', 'المخزون لكل الانواع', allStock, setAllStock, 'numeric'],
          ] as const
        ).map(([field, label, value, setValue, mode]) => (
          <div key={field} className="col-12 col-md-6">
            <Form.Label htmlFor={`variants-all-${field}`} className="small mb-1">
              {label}
            </Form.Label>
            <div className="d-flex gap-2">
              <Form.Control
                id={`variants-all-${field}`}
                size="sm"
                inputMode={mode}
                dir="ltr"
                value={value}
                onChange={(e) => setValue(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    applyToAll(field, value);
                  }
                }}
              />
              <Button
                size="sm"
                variant="outline-dark"
                className="text-nowrap"
                aria-label={`تطبيق على الكل: ${label}`}
                onClick={() => applyToAll(field, value)}
              >
                تطبيق على الكل
              </Button>
            </div>
          </div>
        ))}
      </div>

      <ul className="list-unstyled d-grid gap-2 mb-0">
        {all.map(({ key, label }) => {
          const variant = draft.variants[key] ?? EMPTY_VARIANT;
          if (draft.leftOut.includes(key))
            return (
              <li key={key} className="border rounded p-2 d-flex flex-wrap align-items-center gap-2 bg-light">
                <span className="text-muted">
                  <s>{label}</s> <span className="small">(غير متاح للبيع)</span>
                </span>
                <Button
                  id={toggleId(key)}
                  size="sm"
                  variant="outline-secondary"
                  className="ms-auto"
                  aria-label={`ارجاع ${label}`}
                  onClick={() => toggle(key)}
                >
                  ارجاع
                </Button>
              </li>
            );
          const chosen = variant.image === '' ? undefined : images[Number(variant.image)];
          return (
            <li key={key} className="border rounded p-2">
              <div role="group" aria-labelledby={`${toggleId(key)}-label`}>
                <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
                  <span id={`${toggleId(key)}-label`} className="fw-semibold">
                    {label}
                  </span>
                  <Button
                    id={toggleId(key)}
                    size="sm"
                    variant="outline-danger"
                    className="ms-auto"
                    aria-label={`استبعاد ${label}`}
                    onClick={() => toggle(key)}
                  >
                    استبعاد
                  </Button>
                </div>
                <div className="row g-2">
                  {TEXT_FIELDS.map(({ field, label: fieldLabel, mode }) => {
                    const id = variantFieldId(key, field);
                    const problem = problemOf(id);
                    const placeholder =
                      field === 'price'
                        ? productPrice
                        : field === 'priceAfterDiscount'
                          ? productPriceAfterDiscount
                          : '';
                    return (
                      <Form.Group key={field} controlId={id} className="col-6 col-md-4 col-xl-2">
                        <Form.Label className="small mb-1">{fieldLabel}</Form.Label>
                        <Form.Control
                          size="sm"
                          inputMode={mode === 'text' ? undefined : mode}
                          dir={mode === 'text' ? 'ltr' : undefined}
                          maxLength={mode === 'text' ? 64 : undefined}
                          placeholder={placeholder}
                          value={variant[field] ?? ''}
                          isInvalid={!!problem}
                          aria-describedby={problem ? fieldErrorId(id) : undefined}
                          onChange={(e) => setField(key, field, e.target.value)}
                        />
                        <FieldError id={id} message={problem} />
                      </Form.Group>
                    );
                  })}
                  <Form.Group controlId={variantFieldId(key, 'image')} className="col-6 col-md-4 col-xl-2">
                    <Form.Label className="small mb-1 d-flex align-items-center gap-1">
                      الصورة
                      {chosen && (
                        <img
                          src={chosen}
                          alt=""
                          width={18}
                          height={18}
                          className="rounded border"
                          style={{ objectFit: 'cover' }}
                        />
                      )}
                    </Form.Label>
                    <Form.Select
                      size="sm"
                      value={variant.image}
                      onChange={(e) => setField(key, 'image', e.target.value)}
                    >
                      <option value="">صور المنتج</option>
                      {slots.map((slot, i) => (
                        <option key={slot} value={String(slot)}>
                          الصورة {i + 1}
                        </option>
                      ))}
                    </Form.Select>
                  </Form.Group>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
