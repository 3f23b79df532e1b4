import { parseNumberInput } from '../../common/digits';

interface QuantityPickerProps {
  id: string;
  value: number;
  /** The most the shopper may choose (the stock); at least 1. */
  max: number;
  onChange: (value: number) => void;
  disabled?: boolean;
}

/**
 * − [n] + with buttons big enough for a thumb (44 px); the number can also be typed (Arabic-Indic digits too) and is
 * kept between 1 and `max`.
 */
export default function QuantityPicker({ id, value, max, onChange, disabled = false }: QuantityPickerProps) {
  const upper = Math.max(1, max);
  const set = (next: number) => onChange(Math.min(upper, Math.max(1, Math.trunc(next))));
  return (
    <div className="d-flex align-items-center gap-2">
      <label htmlFor={id} className="mb-0">
        الكمية
      </label>
      <div className="input-group quantity-picker" style={{ width: '9rem' }}>
        <button
          type="button"
          className="btn btn-outline-secondary"
          aria-label="زيادة الكمية"
          disabled={disabled || value >= upper}
          onClick={() => set(value + 1)}
        >
          +
        </button>
        <input
          id={id}
          className="form-control text-center"
          inputMode="numeric"
          value={value}
          disabled={disabled}
          onChange={(event) => {
            const typed = parseNumberInput(event.target.value);
            if (typed !== null) set(typed);
          }}
        />
        <button
          type="button"
          className="btn btn-outline-secondary"
          aria-label="انقاص الكمية"
          disabled={disabled || value <= 1}
          onClick={() => set(value - 1)}
        >
          −
        </button>
      </div>
    </div>
  );
}
