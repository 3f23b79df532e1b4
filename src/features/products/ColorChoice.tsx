import './productDetails.css';
import { useId } from 'react';
import { colorLabels } from '../../../common/colorNames';

interface ColorChoiceProps {
  colors: string[];
  value: string;
  onChange: (color: string) => void;
}

/** The product's colours as a radio group of round swatches; the chosen one is ringed and ticked. */
export default function ColorChoice({ colors, value, onChange }: ColorChoiceProps) {
  const name = useId();
  if (colors.length === 0) return null;
  const labels = colorLabels(colors);
  return (
    <fieldset className="my-2">
      <legend className="fs-6 mb-1">الالوان المتاحة</legend>
      <div className="d-flex flex-wrap gap-2">
        {colors.map((color, i) => {
          const chosen = value === color;
          return (
            <label key={color} className={`color-choice ${chosen ? 'color-choice--chosen' : ''}`} title={labels[i]}>
              <input
                type="radio"
                className="visually-hidden"
                name={name}
                value={color}
                checked={chosen}
                onChange={() => onChange(color)}
                aria-label={`اللون ${labels[i]}`}
              />
              <span className="color-choice__swatch" style={{ backgroundColor: color }} aria-hidden="true">
                {chosen && (
                  <svg viewBox="0 0 24 24" width={16} height={16} focusable="false">
                    <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="#fff" strokeWidth={3} strokeLinecap="round" />
                    <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="#000" strokeOpacity={0.35} strokeWidth={1} />
                  </svg>
                )}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
