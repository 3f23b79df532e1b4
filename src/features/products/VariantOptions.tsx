import './productDetails.css';
import type { Ref } from 'react';
import type { Product } from '../../api/types';
import { type Choice, optionsOf, valueInStock } from './variantChoice';
import { OUT_OF_STOCK_TEXT } from '../../lib/stock';

interface VariantOptionsProps {
  product: Product;
  choice: Choice;
  onChoose: (index: number, value: string) => void;
  /** The option add-to-cart asked for (its message shows beside it), or -1. */
  asked: number;
  askedText: string;
  /** The first button of the asked option, so add-to-cart can move focus there. */
  askedRef: Ref<HTMLButtonElement>;
  disabled?: boolean;
}

/**
 * Each option of the product as a group of buttons, in the page's right-to-left order: colours as swatches named for
 * screen readers, the others as their values. A value with no stock in the current choice is struck and named sold out.
 */
export default function VariantOptions({
  product,
  choice,
  onChoose,
  asked,
  askedText,
  askedRef,
  disabled,
}: VariantOptionsProps) {
  return (
    <div className="d-flex flex-column gap-2 my-1">
      {optionsOf(product).map((option, index) => {
        const chosen = choice[index];
        const messageId = `variant-ask-${product._id}-${index}`;
        const labelId = `variant-option-${product._id}-${index}`;
        return (
          <div key={option.name} role="group" aria-labelledby={labelId} data-testid="variant-option">
            <div className="mb-1">
              <span id={labelId} className="text-body-secondary">
                {option.name}
              </span>
              {chosen !== undefined && <span className="fw-semibold">: {chosen}</span>}
            </div>
            <div className="d-flex flex-wrap gap-2">
              {option.values.map((value, i) => {
                const inStock = valueInStock(product, choice, index, value.value);
                const isChosen = chosen === value.value;
                const classes = [
                  'variant-value',
                  value.hex ? 'variant-value--swatch' : 'btn btn-outline-dark',
                  isChosen ? (value.hex ? 'variant-value--chosen' : 'active') : '',
                  inStock ? '' : 'variant-value--sold-out',
                ];
                return (
                  <button
                    key={value.value}
                    ref={index === asked && i === 0 ? askedRef : undefined}
                    type="button"
                    className={classes.filter(Boolean).join(' ')}
                    aria-pressed={isChosen}
                    aria-describedby={index === asked ? messageId : undefined}
                    title={value.hex ? value.value : undefined}
                    disabled={disabled}
                    onClick={() => onChoose(index, value.value)}
                  >
                    {value.hex ? (
                      <>
                        <span
                          className="variant-value__swatch"
                          style={{ backgroundColor: value.hex }}
                          aria-hidden="true"
                        />
                        <span className="visually-hidden">{value.value}</span>
                      </>
                    ) : (
                      value.value
                    )}
                    {!inStock && <span className="visually-hidden">، {OUT_OF_STOCK_TEXT}</span>}
                  </button>
                );
              })}
            </div>
            {index === asked && (
              <div id={messageId} className="small fw-bold text-danger mt-1" role="alert">
                {askedText}
              </div>
            )}
          </div>
        );
      })}
    </div>
  );
}
