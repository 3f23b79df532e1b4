import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { LOW_STOCK } from '../../../api/admin/products';
import type { Product } from '../../../api/types';
import { useAppDispatch } from '../../../app/hooks';
import { parseNumberInput } from '../../../../common/digits';
import { namedValues, variantLabel } from '../../../../common/rules/variant';
import { describeAdminError } from '../../../components/admin/adminErrors';
import { SAVE_FAILURE_MESSAGE } from '../../../components/admin/adminMessages';
import { updateStock, updateVariant } from '../adminProductsSlice';

const STOCK_SAVED_MESSAGE = 'تم حفظ الكمية';
const STOCK_INVALID_MESSAGE = 'الكمية يجب ان تكون عددا صحيحا لا يقل عن 0';

interface StockFieldProps {
  inputId: string;
  label: string;
  quantity: number;
  /** The save button's accessible name ("حفظ مخزون …"). */
  saveName: string;
  /** Saves the new stock and resolves with the stock as now stored. */
  save: (quantity: number) => Promise<number>;
}

/** A stock count edited in place, with its state (sold out, nearly) and the outcome of its save. */
function StockField({ inputId, label, quantity, saveName, save }: StockFieldProps) {
  const [value, setValue] = useState(String(quantity));
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const parsed = parseNumberInput(value);
  const changed = parsed !== quantity;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (parsed === null || !Number.isInteger(parsed) || parsed < 0) {
      setMessage({ error: true, text: STOCK_INVALID_MESSAGE });
      return;
    }
    setSaving(true);
    setMessage(null);
    try {
      setValue(String(await save(parsed)));
      setMessage({ error: false, text: STOCK_SAVED_MESSAGE });
    } catch (err) {
      setMessage({ error: true, text: describeAdminError(err, SAVE_FAILURE_MESSAGE).message });
    } finally {
      setSaving(false);
    }
  };

  const state =
    quantity === 0
      ? { text: 'نفد من المخزون', cls: 'text-bg-danger' }
      : quantity <= LOW_STOCK
        ? { text: 'قارب على النفاد', cls: 'text-bg-warning' }
        : null;
  return (
    <Form onSubmit={submit} noValidate>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <label htmlFor={inputId} className="mb-0">
          {label}
        </label>
        <Form.Control
          id={inputId}
          size="sm"
          inputMode="numeric"
          dir="ltr"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          disabled={saving}
          isInvalid={message?.error}
          style={{ width: '5rem' }}
          aria-describedby={message ? `${inputId}-message` : undefined}
        />
        <Button type="submit" size="sm" variant="outline-dark" disabled={saving || !changed} aria-label={saveName}>
          حفظ
        </Button>
        {state && <span className={`badge ${state.cls} fw-normal`}>{state.text}</span>}
      </div>
      {message && (
        <div
          id={`${inputId}-message`}
          role={message.error ? 'alert' : 'status'}
          className={message.error ? 'text-danger' : 'text-success'}
        >
          {message.text}
        </div>
      )}
    </Form>
  );
}

/**
 * Stock and sold of a product, the stock editable in place: a product without options through PUT /products/:id
 * with `quantity` only, one with options per variant (PATCH /products/:id/variants/:variantId), their list folded
 * under the product's total. The products slice then shows the product as stored in the owner's list.
 */
export default function StockEditor({ product }: { product: Product }) {
  const dispatch = useAppDispatch();
  const options = product.options ?? [];
  const variants = options.length > 0 ? (product.variants ?? []) : [];
  return (
    <div className="small">
      {variants.length === 0 ? (
        <StockField
          inputId={`stock-${product._id}`}
          label="المخزون"
          quantity={product.quantity}
          saveName={`حفظ مخزون ${product.title}`}
          save={async (quantity) => (await dispatch(updateStock({ id: product._id, quantity })).unwrap()).quantity}
        />
      ) : (
        <details>
          <summary className="py-1">
            المخزون: {product.quantity} في {variants.length} انواع
          </summary>
          <ul className="list-unstyled d-grid gap-2 mt-2 mb-0">
            {variants.map((variant) => {
              const label = variantLabel(namedValues(options, variant.options));
              return (
                <li key={variant._id}>
                  <StockField
                    inputId={`stock-${product._id}-${variant._id}`}
                    label={label}
                    quantity={variant.quantity}
                    saveName={`حفظ مخزون ${product.title} (${label})`}
                    save={async (quantity) => {
                      const saved = await dispatch(
                        updateVariant({ id: product._id, variantId: variant._id, patch: { quantity } }),
                      ).unwrap();
                      return saved.variants?.find((v) => v._id === variant._id)?.quantity ?? quantity;
                    }}
                  />
                </li>
              );
            })}
          </ul>
        </details>
      )}
      <div className="text-muted mt-1">المبيعات: {product.sold ?? 0}</div>
    </div>
  );
}
