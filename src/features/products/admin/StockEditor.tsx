import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { LOW_STOCK } from '../../../api/admin/products';
import type { Product } from '../../../api/types';
import { useAppDispatch } from '../../../app/hooks';
import { parseNumberInput } from '../../../../common/digits';
import { describeAdminError } from '../../../components/admin/adminErrors';
import { SAVE_FAILURE_MESSAGE } from '../../../components/admin/adminMessages';
import { updateStock } from '../adminProductsSlice';

const STOCK_SAVED_MESSAGE = 'تم حفظ الكمية';
const STOCK_INVALID_MESSAGE = 'الكمية يجب ان تكون عددا صحيحا لا يقل عن 0';

/**
 * Stock and sold of a product, the stock editable in place (PUT /products/:id with `quantity` only); the products
 * slice then shows the product as stored in the owner's list.
 */
export default function StockEditor({ product }: { product: Product }) {
  const dispatch = useAppDispatch();
  const [value, setValue] = useState(String(product.quantity));
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const parsed = parseNumberInput(value);
  const changed = parsed !== product.quantity;
  const inputId = `stock-${product._id}`;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (parsed === null || !Number.isInteger(parsed) || parsed < 0) {
      setMessage({ error: true, text: STOCK_INVALID_MESSAGE });
      return;
    }
    setSaving(true);
    setMessage(null);
    try {
      const saved = await dispatch(updateStock({ id: product._id, quantity: parsed })).unwrap();
      setValue(String(saved.quantity));
      setMessage({ error: false, text: STOCK_SAVED_MESSAGE });
    } catch (err) {
      setMessage({ error: true, text: describeAdminError(err, SAVE_FAILURE_MESSAGE).message });
    } finally {
      setSaving(false);
    }
  };

  const state =
    product.quantity === 0
      ? { text: 'نفد من المخزون', cls: 'text-bg-danger' }
      : product.quantity <= LOW_STOCK
        ? { text: 'قارب على النفاد', cls: 'text-bg-warning' }
        : null;
  return (
    <Form onSubmit={save} noValidate className="small">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <label htmlFor={inputId} className="mb-0">
          المخزون
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
        <Button
          type="submit"
          size="sm"
          variant="outline-dark"
          disabled={saving || !changed}
          aria-label={`حفظ مخزون ${product.title}`}
        >
          حفظ
        </Button>
        {state && <span className={`badge ${state.cls} fw-normal`}>{state.text}</span>}
      </div>
      <div className="text-muted mt-1">المبيعات: {product.sold ?? 0}</div>
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
