import { useId, useState } from 'react';
import './StarRating.css';

// Our own widget instead of react-rating-stars-component: that package has no keyboard access or ARIA,
// ships no types, and computes half stars from the left edge, which inverts them in right-to-left.

const STAR_COUNT = 5;
const STAR_COLOR = '#ffd700';
const STAR_EMPTY_COLOR = 'gray';

interface StarRatingProps {
  /** 0–5; shown rounded to the nearest half star. */
  value: number;
  /** Given → the rating can be chosen (5 stars, half steps); otherwise it is shown only. */
  onChange?: (value: number) => void;
  /** Star size in px (SPEC §9 default 15). */
  size?: number;
  /** Accessible name of the input (default 'التقييم'). */
  label?: string;
}

const STAR_PATH = 'M12 2l2.9 6.3 6.9.7-5.2 4.6 1.5 6.8L12 16.9 5.9 20.4l1.5-6.8L2.2 9l6.9-.7z';

function StarIcon({ size, color }: { size: number; color: string }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} fill={color} aria-hidden="true" focusable="false">
      <path d={STAR_PATH} />
    </svg>
  );
}

/** One star filled by `fill` (0, 0.5 or 1) from its inline-start side. */
function Star({ fill, size }: { fill: number; size: number }) {
  return (
    <span className="star-rating__star" style={{ width: size, height: size }}>
      <StarIcon size={size} color={STAR_EMPTY_COLOR} />
      {fill > 0 && (
        <span className="star-rating__fill" style={{ width: `${fill * 100}%` }}>
          <StarIcon size={size} color={STAR_COLOR} />
        </span>
      )}
    </span>
  );
}

/** The smallest target a finger may have to hit (WCAG 2.2 target size), in CSS px. */
const MIN_TARGET = 24;

const roundToHalf = (value: number) => Math.round(Math.min(Math.max(value, 0), STAR_COUNT) * 2) / 2;
const fillOf = (shown: number, star: number) => Math.min(Math.max(shown - (star - 1), 0), 1);

/** Rating stars: shown only (`value`), or a radio group of half steps 0.5–5 when `onChange` is given. */
export default function StarRating({ value, onChange, size = 15, label = 'التقييم' }: StarRatingProps) {
  const name = useId();
  const [hovered, setHovered] = useState<number | null>(null);
  const shown = roundToHalf(hovered ?? value);
  const stars = Array.from({ length: STAR_COUNT }, (_, i) => i + 1);

  if (!onChange) {
    return (
      <span className="star-rating" role="img" aria-label={`التقييم ${roundToHalf(value)} من ${STAR_COUNT}`}>
        {stars.map((star) => (
          <Star key={star} fill={fillOf(shown, star)} size={size} />
        ))}
      </span>
    );
  }

  return (
    <span
      role="radiogroup"
      aria-label={label}
      className="star-rating star-rating--input"
      onMouseLeave={() => setHovered(null)}
    >
      {stars.map((star) => (
        // Each half is a target of its own: at least 24×24 CSS px (WCAG 2.2), the star drawn in its middle.
        <span
          key={star}
          className="star-rating__star star-rating__star--input"
          style={{ width: Math.max(size, 2 * MIN_TARGET), height: Math.max(size, MIN_TARGET) }}
        >
          <Star fill={fillOf(shown, star)} size={size} />
          {[star - 0.5, star].map((step) => (
            <label
              key={step}
              className={`star-rating__half star-rating__half--${step < star ? 'start' : 'end'}`}
              onMouseEnter={() => setHovered(step)}
            >
              <input
                type="radio"
                className="visually-hidden"
                name={name}
                value={step}
                checked={value === step}
                aria-label={`${step} من ${STAR_COUNT}`}
                onChange={() => onChange(step)}
              />
            </label>
          ))}
        </span>
      ))}
    </span>
  );
}
