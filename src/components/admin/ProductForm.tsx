import { useEffect, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ChromePicker } from 'react-color';
import { toast } from '../../lib/toast';
import { listSubcategoriesOf } from '../../api/admin/catalog';
import { listBrands } from '../../api/brands';
import { ALL_ITEMS_LIMIT, listCategories } from '../../api/categories';
import type { Brand, Category, Subcategory } from '../../api/types';
import { parseNumberInput } from '../../lib/digits';
import { COMPLETE_DATA_MESSAGE } from './adminMessages';
import ImageUploader from './ImageUploader';
import type { ProductFormValues } from './productFormData';

export const MAX_PRODUCT_IMAGES = 5;
const DEFAULT_PICKER_COLOR = '#000000';

export interface ProductNumbers {
  price: number;
  priceAfterDiscount: number | null;
  quantity: number;
}

interface ProductFormProps {
  initialValues: ProductFormValues;
  submitLabel: string;
  /** Sends the form; the form stays disabled while this runs. */
  onSubmit: (values: ProductFormValues, numbers: ProductNumbers) => Promise<void>;
  /** Delay after which the form is emptied and enabled again (add); without it the form is kept (edit). */
  resetAfterMs?: number;
}

/** The add/edit product form of SPEC §2 (admin). */
export default function ProductForm({ initialValues, submitLabel, onSubmit, resetAfterMs }: ProductFormProps) {
  const [values, setValues] = useState(initialValues);
  const [busy, setBusy] = useState(false);
  const [categories, setCategories] = useState<Category[]>([]);
  const [brands, setBrands] = useState<Brand[]>([]);
  const [subcategories, setSubcategories] = useState<{ category: string; items: Subcategory[] } | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [pickerColor, setPickerColor] = useState(DEFAULT_PICKER_COLOR);

  useEffect(() => {
    let active = true;
    listCategories({ limit: ALL_ITEMS_LIMIT })
      .then((list) => active && setCategories(list.data))
      .catch(() => active && setCategories([]));
    listBrands({ limit: ALL_ITEMS_LIMIT })
      .then((list) => active && setBrands(list.data))
      .catch(() => active && setBrands([]));
    return () => {
      active = false;
    };
  }, []);

  const category = values.category;
  useEffect(() => {
    if (!category) return;
    let active = true;
    listSubcategoriesOf(category)
      .then((items) => active && setSubcategories({ category, items }))
      .catch(() => active && setSubcategories({ category, items: [] }));
    return () => {
      active = false;
    };
  }, [category]);

  const update = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const toggleSubcategory = (id: string, checked: boolean) =>
    update('subcategories', checked ? [...values.subcategories, id] : values.subcategories.filter((s) => s !== id));

  const addColor = () => {
    const color = pickerColor.toLowerCase();
    if (!values.colors.includes(color)) update('colors', [...values.colors, color]);
    setPickerOpen(false);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const price = parseNumberInput(values.price) ?? 0;
    const hasImage = Object.keys(values.images).length > 0;
    if (!values.title.trim() || !values.description.trim() || !hasImage || price <= 0 || !values.category) {
      toast.warn(COMPLETE_DATA_MESSAGE);
      return;
    }
    setBusy(true);
    await onSubmit(values, {
      price,
      priceAfterDiscount: parseNumberInput(values.priceAfterDiscount),
      quantity: parseNumberInput(values.quantity) ?? 0,
    });
    if (resetAfterMs === undefined) {
      setBusy(false);
      return;
    }
    window.setTimeout(() => {
      setValues(initialValues);
      setPickerOpen(false);
      setBusy(false);
    }, resetAfterMs);
  };

  const shownSubcategories = subcategories && subcategories.category === values.category ? subcategories.items : null;

  return (
    <Form onSubmit={handleSubmit} noValidate>
      <fieldset disabled={busy} className="d-grid gap-3">
        <div>
          <p className="mb-1 fw-semibold">صور المنتج</p>
          <ImageUploader
            images={values.images}
            onChange={(images) => update('images', images)}
            max={MAX_PRODUCT_IMAGES}
            crop
            aspect={4 / 3}
            label="صور المنتج"
            disabled={busy}
            onError={(message) => toast.error(message)}
          />
        </div>

        <Form.Group controlId="product-title">
          <Form.Label>اسم المنتج</Form.Label>
          <Form.Control value={values.title} onChange={(e) => update('title', e.target.value)} />
        </Form.Group>

        <Form.Group controlId="product-description">
          <Form.Label>وصف المنتج</Form.Label>
          <Form.Control as="textarea" rows={4} value={values.description} onChange={(e) => update('description', e.target.value)} />
        </Form.Group>

        <div className="row g-3">
          <Form.Group controlId="product-price" className="col-12 col-md-4">
            <Form.Label>السعر قبل الخصم</Form.Label>
            <Form.Control inputMode="decimal" value={values.price} onChange={(e) => update('price', e.target.value)} />
          </Form.Group>
          <Form.Group controlId="product-price-after" className="col-12 col-md-4">
            <Form.Label>السعر بعد الخصم</Form.Label>
            <Form.Control inputMode="decimal" value={values.priceAfterDiscount} onChange={(e) => update('priceAfterDiscount', e.target.value)} />
          </Form.Group>
          <Form.Group controlId="product-quantity" className="col-12 col-md-4">
            <Form.Label>الكمية المتاحة</Form.Label>
            <Form.Control inputMode="numeric" value={values.quantity} onChange={(e) => update('quantity', e.target.value)} />
          </Form.Group>
        </div>

        <Form.Group controlId="product-category">
          <Form.Label>التصنيف الرئيسي</Form.Label>
          <Form.Select value={values.category} onChange={(e) => setValues((current) => ({ ...current, category: e.target.value, subcategories: [] }))}>
            <option value="">اختر التصنيف الرئيسي</option>
            {categories.map((c) => (
              <option key={c._id} value={c._id}>{c.name}</option>
            ))}
          </Form.Select>
        </Form.Group>

        <fieldset>
          <legend className="fs-6 fw-semibold mb-1">التصنيفات الفرعية</legend>
          {!values.category ? (
            <p className="text-muted small mb-0">اختر التصنيف الرئيسي اولا</p>
          ) : shownSubcategories === null ? (
            <p className="text-muted small mb-0">جاري تحميل التصنيفات الفرعية...</p>
          ) : shownSubcategories.length === 0 ? (
            <p className="text-muted small mb-0">لا يوجد تصنيفات فرعية لهذا التصنيف</p>
          ) : (
            <div className="d-flex flex-wrap gap-3">
              {shownSubcategories.map((s) => (
                <Form.Check
                  key={s._id}
                  id={`subcategory-${s._id}`}
                  type="checkbox"
                  label={s.name}
                  checked={values.subcategories.includes(s._id)}
                  onChange={(e) => toggleSubcategory(s._id, e.target.checked)}
                />
              ))}
            </div>
          )}
        </fieldset>

        <Form.Group controlId="product-brand">
          <Form.Label>الماركة</Form.Label>
          <Form.Select value={values.brand} onChange={(e) => update('brand', e.target.value)}>
            <option value="">اختر الماركة</option>
            {brands.map((b) => (
              <option key={b._id} value={b._id}>{b.name}</option>
            ))}
          </Form.Select>
        </Form.Group>

        <fieldset>
          <legend className="fs-6 fw-semibold mb-1">الالوان المتاحة</legend>
          <div className="d-flex flex-wrap align-items-center gap-2">
            {values.colors.map((color) => (
              <button
                key={color}
                type="button"
                className="border rounded-circle p-0"
                style={{ width: 32, height: 32, backgroundColor: color }}
                aria-label={`حذف اللون ${color}`}
                title={`حذف اللون ${color}`}
                onClick={() => update('colors', values.colors.filter((c) => c !== color))}
              />
            ))}
            <Button variant="outline-secondary" size="sm" aria-expanded={pickerOpen} onClick={() => setPickerOpen((open) => !open)}>
              {pickerOpen ? 'اغلاق منتقي الالوان' : 'اضافة لون'}
            </Button>
          </div>
          {pickerOpen && (
            // Enter in the picker's hex field would submit the whole product form.
            <div
              className="mt-2 d-flex flex-column align-items-start gap-2"
              dir="ltr"
              onKeyDown={(event) => {
                if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
              }}
            >
              <ChromePicker color={pickerColor} disableAlpha onChangeComplete={(color) => setPickerColor(color.hex)} />
              <Button size="sm" onClick={addColor} dir="rtl">
                اضف اللون
              </Button>
            </div>
          )}
        </fieldset>

        <div>
          <Button type="submit" variant="dark" className="px-4">
            {submitLabel}
          </Button>
        </div>
      </fieldset>
    </Form>
  );
}
