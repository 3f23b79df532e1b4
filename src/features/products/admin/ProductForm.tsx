import { useEffect, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ChromePicker } from 'react-color';
import { toast } from '../../../lib/toast';
import type { Brand, Category, Subcategory } from '../../../api/types';
import { colorLabels } from '../../../../common/colorNames';
import { parseNumberInput } from '../../../../common/digits';
import type { UploadProgress } from '../../../api/admin/uploadProgress';
import type { AdminError } from '../../../components/admin/adminErrors';
import { COMPLETE_DATA_MESSAGE } from '../../../components/admin/adminMessages';
import { fieldErrorId, focusControl, useRequiredFields } from '../../../components/admin/requiredFields';
import ImageUploader from '../../../components/admin/ImageUploader';
import type { ProductFormValues } from './productFormData';
import UploadProgressBar from '../../../components/UploadProgressBar';
import OptionsEditor from './OptionsEditor';
import VariantGrid from './VariantGrid';
import { keptCombinations, totalStock, variantProblems } from './variantDrafts';

const MAX_PRODUCT_IMAGES = 5;
const DEFAULT_PICKER_COLOR = '#000000';
/** SPEC §9: the colour picker's default width (narrower screens get their full width). */
const PICKER_WIDTH = 652;

/** The form field each body field of API.md §5.6 belongs to. */
const FIELD_OF_PATH: Record<string, keyof ProductFormValues> = {
  sku: 'sku',
  title: 'title',
  description: 'description',
  price: 'price',
  priceAfterDiscount: 'priceAfterDiscount',
  quantity: 'quantity',
  category: 'category',
  subcategory: 'subcategories',
  brand: 'brand',
  availableColors: 'colors',
  images: 'images',
  imageCover: 'images',
  options: 'variants',
  variants: 'variants',
};

/** The body field a refusal's path names: `variants` for `variants.3.sku` or `variants[3].sku`. */
const topField = (path: string) => path.split(/[.[/]/)[0];

/** The server's reason, with the variant it concerns named first ("المقاس: XL، اللون: أزرق: …"). */
function refusalText(values: ProductFormValues, error: AdminError) {
  const index = /^variants(?:\[(\d+)\]|\.(\d+))/.exec(error.field ?? '');
  const kept = index ? keptCombinations(values.variants)[Number(index[1] ?? index[2])] : undefined;
  return kept ? `${kept.label}: ${error.message}` : error.message;
}

export interface ProductNumbers {
  price: number;
  priceAfterDiscount: number | null;
  quantity: number;
}

/** What a save came to: the values to show next (edit: the product as the server now has it), or why it failed. */
export type SaveOutcome = { ok: true; values: ProductFormValues } | { ok: false; error: AdminError };

/** What the selects offer: the page loads them (and the subcategories of the category the form shows, `onCategoryShown`). */
interface ProductChoices {
  categories: Category[];
  brands: Brand[];
  /** The subcategories of `category`; items null while they load. */
  subcategories: { category: string; items: Subcategory[] | null };
}

interface ProductFormProps extends ProductChoices {
  /** The form now shows this category (on opening and on every change), so the page loads its subcategories. */
  onCategoryShown: (categoryId: string) => void;
  initialValues: ProductFormValues;
  submitLabel: string;
  /** Sends the form (the form stays disabled meanwhile) and tells how it went; it toasts the outcome (and the reason) itself. */
  onSubmit: (values: ProductFormValues, numbers: ProductNumbers, onProgress: UploadProgress) => Promise<SaveOutcome>;
  /** Add: after a success the form is emptied and enabled again after this delay. Edit (none): it shows the saved values at once. */
  resetAfterMs?: number;
}

/** What each required field says while it is empty. */
const MISSING_TEXTS = {
  images: 'اضف صورة واحدة على الاقل للمنتج',
  title: 'اكتب اسم المنتج',
  description: 'اكتب وصف المنتج',
  price: 'اكتب سعر المنتج قبل الخصم',
  category: 'اختر التصنيف الرئيسي',
} as const;
type RequiredKey = keyof typeof MISSING_TEXTS;
const IMAGES_ID = 'product-images';

/** The add/edit product form of SPEC §2 (admin). */
export default function ProductForm({
  categories,
  brands,
  subcategories,
  onCategoryShown,
  initialValues,
  submitLabel,
  onSubmit,
  resetAfterMs,
}: ProductFormProps) {
  const [values, setValues] = useState(initialValues);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  /** The server's refusal of the last save, shown beside the field it concerns until that field changes. */
  const [refusal, setRefusal] = useState<{ field: keyof ProductFormValues; message: string } | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [pickerColor, setPickerColor] = useState(DEFAULT_PICKER_COLOR);
  /** After a save attempt found the options or variants wrong, their problems are shown (and kept up to date). */
  const [checkVariants, setCheckVariants] = useState(false);

  const category = values.category;
  useEffect(() => {
    onCategoryShown(category);
  }, [category, onCategoryShown]);

  const required = useRequiredFields<RequiredKey>();

  const update = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setRefusal((current) => (current?.field === key ? null : current));
    if (key in MISSING_TEXTS) required.filled(key as RequiredKey);
  };

  /** The server's refusal of a field, or the field left empty. */
  const errorOf = (key: keyof ProductFormValues) =>
    refusal?.field === key ? refusal.message : required.missing[key as RequiredKey];
  const errorId = (key: keyof ProductFormValues) => fieldErrorId(`product-${key}`);
  /** Marks a control whose value the server refused and links it to the reason. */
  const invalidProps = (key: keyof ProductFormValues) =>
    errorOf(key) ? { isInvalid: true, 'aria-invalid': true, 'aria-describedby': errorId(key) } : {};
  const fieldError = (key: keyof ProductFormValues) =>
    errorOf(key) && (
      <div id={errorId(key)} className="invalid-feedback d-block">
        {errorOf(key)}
      </div>
    );

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
    const filled: Record<RequiredKey, boolean> = {
      images: Object.keys(values.images).length > 0,
      title: values.title.trim() !== '',
      description: values.description.trim() !== '',
      price: price > 0,
      category: values.category !== '',
    };
    const problems = variantProblems(values.variants, price > 0 ? price : null);
    const complete = required.check(
      (Object.keys(MISSING_TEXTS) as RequiredKey[]).map((key) => ({
        key,
        id: key === 'images' ? IMAGES_ID : `product-${key}`,
        filled: filled[key],
        message: MISSING_TEXTS[key],
      })),
    );
    if (!complete || problems.length > 0) {
      setCheckVariants(problems.length > 0);
      if (complete) focusControl(problems[0].id);
      toast.warn(COMPLETE_DATA_MESSAGE);
      return;
    }
    setCheckVariants(false);
    setBusy(true);
    setRefusal(null);
    setProgress(0);
    // The browser may still report progress after the answer has come; that must not bring the bar back.
    let sending = true;
    const outcome = await onSubmit(
      values,
      {
        price,
        priceAfterDiscount: parseNumberInput(values.priceAfterDiscount),
        quantity: parseNumberInput(values.quantity) ?? 0,
      },
      (fraction) => sending && setProgress(fraction),
    );
    sending = false;
    setProgress(null);
    if (!outcome.ok) {
      // A refused save keeps everything the admin entered (SPEC's reset is for a success).
      const field = outcome.error.field ? FIELD_OF_PATH[topField(outcome.error.field)] : undefined;
      if (field) setRefusal({ field, message: refusalText(values, outcome.error) });
      setBusy(false);
      return;
    }
    if (resetAfterMs === undefined) {
      setValues(outcome.values);
      setBusy(false);
      return;
    }
    window.setTimeout(() => {
      setValues(initialValues);
      setPickerOpen(false);
      setBusy(false);
    }, resetAfterMs);
  };

  const shownSubcategories = subcategories.category === values.category ? subcategories.items : null;

  const colorNames = colorLabels(values.colors);
  const hasOptions = values.variants.options.length > 0;
  const shownProblems = checkVariants ? variantProblems(values.variants, parseNumberInput(values.price) || null) : [];
  return (
    <Form onSubmit={handleSubmit} noValidate>
      <fieldset disabled={busy} className="d-grid gap-3">
        <div id={IMAGES_ID}>
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
          {fieldError('images')}
        </div>

        <Form.Group controlId="product-title">
          <Form.Label>اسم المنتج</Form.Label>
          <Form.Control
            {...invalidProps('title')}
            value={values.title}
            onChange={(e) => update('title', e.target.value)}
          />
          {fieldError('title')}
        </Form.Group>

        <Form.Group controlId="product-sku">
          <Form.Label>رمز المنتج (SKU) - اختياري</Form.Label>
          <Form.Control
            {...invalidProps('sku')}
            dir="ltr"
            maxLength={64}
            value={values.sku}
            onChange={(e) => update('sku', e.target.value)}
          />
          {fieldError('sku')}
        </Form.Group>

        <Form.Group controlId="product-description">
          <Form.Label>وصف المنتج</Form.Label>
          <Form.Control
            {...invalidProps('description')}
            as="textarea"
            rows={4}
            value={values.description}
            onChange={(e) => update('description', e.target.value)}
          />
          {fieldError('description')}
        </Form.Group>

        <div className="row g-3">
          <Form.Group controlId="product-price" className="col-12 col-md-4">
            <Form.Label>السعر قبل الخصم</Form.Label>
            <Form.Control
              {...invalidProps('price')}
              inputMode="decimal"
              value={values.price}
              onChange={(e) => update('price', e.target.value)}
            />
            {fieldError('price')}
          </Form.Group>
          <Form.Group controlId="product-price-after" className="col-12 col-md-4">
            <Form.Label>السعر بعد الخصم</Form.Label>
            <Form.Control
              {...invalidProps('priceAfterDiscount')}
              inputMode="decimal"
              value={values.priceAfterDiscount}
              onChange={(e) => update('priceAfterDiscount', e.target.value)}
            />
            {fieldError('priceAfterDiscount')}
          </Form.Group>
          {hasOptions ? (
            <div className="col-12 col-md-4">
              <p className="mb-1">الكمية المتاحة</p>
              <p className="mb-0 fw-semibold">مجموع مخزون الانواع: {totalStock(values.variants)}</p>
            </div>
          ) : (
            <Form.Group controlId="product-quantity" className="col-12 col-md-4">
              <Form.Label>الكمية المتاحة</Form.Label>
              <Form.Control
                {...invalidProps('quantity')}
                inputMode="numeric"
                value={values.quantity}
                onChange={(e) => update('quantity', e.target.value)}
              />
              {fieldError('quantity')}
            </Form.Group>
          )}
        </div>

        <Form.Group controlId="product-category">
          <Form.Label>التصنيف الرئيسي</Form.Label>
          <Form.Select
            {...invalidProps('category')}
            value={values.category}
            onChange={(e) => {
              update('category', e.target.value);
              update('subcategories', []);
            }}
          >
            <option value="">اختر التصنيف الرئيسي</option>
            {categories.map((c) => (
              <option key={c._id} value={c._id}>
                {c.name}
              </option>
            ))}
          </Form.Select>
          {fieldError('category')}
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
          {fieldError('subcategories')}
        </fieldset>

        <Form.Group controlId="product-brand">
          <Form.Label>الماركة</Form.Label>
          <Form.Select
            {...invalidProps('brand')}
            value={values.brand}
            onChange={(e) => update('brand', e.target.value)}
          >
            <option value="">اختر الماركة</option>
            {brands.map((b) => (
              <option key={b._id} value={b._id}>
                {b.name}
              </option>
            ))}
          </Form.Select>
          {fieldError('brand')}
        </Form.Group>

        {!hasOptions && (
          <fieldset>
            <legend className="fs-6 fw-semibold mb-1">الالوان المتاحة</legend>
            <div className="d-flex flex-wrap align-items-center gap-2">
              {values.colors.map((color, i) => (
                <button
                  key={color}
                  type="button"
                  className="border rounded-circle p-0"
                  style={{ width: 32, height: 32, backgroundColor: color }}
                  aria-label={`حذف اللون ${colorNames[i]}`}
                  title={`حذف اللون ${colorNames[i]}`}
                  onClick={() =>
                    update(
                      'colors',
                      values.colors.filter((c) => c !== color),
                    )
                  }
                />
              ))}
              <Button
                variant="outline-secondary"
                size="sm"
                aria-expanded={pickerOpen}
                onClick={() => setPickerOpen((open) => !open)}
              >
                {pickerOpen ? 'اغلاق منتقي الالوان' : 'اضافة لون'}
              </Button>
            </div>
            {pickerOpen && (
              // Opens under its button, on the start side; only the picker itself is left to right.
              // Enter in the picker's hex field would submit the whole product form.
              <div
                className="mt-2 d-flex flex-column align-items-start gap-2"
                style={{ maxWidth: PICKER_WIDTH }}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
                }}
              >
                <div dir="ltr" className="w-100">
                  <ChromePicker
                    styles={{ default: { picker: { width: '100%' } } }}
                    color={pickerColor}
                    disableAlpha
                    // Every change, not only the debounced "complete" one: "اضف اللون" right after typing a hex adds that colour.
                    onChange={(color) => setPickerColor(color.hex)}
                  />
                </div>
                <Button size="sm" onClick={addColor}>
                  اضف اللون
                </Button>
              </div>
            )}
            {fieldError('colors')}
          </fieldset>
        )}

        <OptionsEditor
          draft={values.variants}
          onChange={(draft) => update('variants', draft)}
          problems={shownProblems}
        />
        <VariantGrid
          draft={values.variants}
          onChange={(draft) => update('variants', draft)}
          images={values.images}
          productPrice={values.price}
          productPriceAfterDiscount={values.priceAfterDiscount}
          problems={shownProblems}
          refusal={refusal?.field === 'variants' ? refusal.message : undefined}
        />

        {progress !== null && <UploadProgressBar fraction={progress} />}
        <div>
          <Button type="submit" variant="dark" className="px-4">
            {submitLabel}
          </Button>
        </div>
      </fieldset>
    </Form>
  );
}
