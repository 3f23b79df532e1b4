import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Product } from '../../api/types';
import { type Choice, choiceOfVariant, choose, chosenVariant } from './variantChoice';

/** The page's `?variant=<id>`: a shared link, a reload and Back open the product on that variant. */
export const VARIANT_PARAM = 'variant';

/**
 * The shopper's choice of the product's option values. A full choice lives in the URL (`?variant=<id>`, replacing the
 * entry, so Back leaves the page rather than undoing picks); a partial one (a size, no colour yet) in the page.
 */
export function useVariantChoice(product: Product | null) {
  const [params, setParams] = useSearchParams();
  const variantId = params.get(VARIANT_PARAM);
  const [partial, setPartial] = useState<{ productId: string; choice: Choice } | null>(null);

  const fromUrl = product ? choiceOfVariant(product, variantId) : [];
  const choice =
    product && partial?.productId === product._id && !chosenVariant(product, fromUrl) ? partial.choice : fromUrl;
  const variant = product ? chosenVariant(product, choice) : undefined;

  const onChoose = (index: number, value: string) => {
    if (!product) return;
    const next = choose(product, choice, index, value);
    const picked = chosenVariant(product, next);
    setPartial({ productId: product._id, choice: next });
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (picked) updated.set(VARIANT_PARAM, picked._id);
        else updated.delete(VARIANT_PARAM);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  return { choice, variant, onChoose };
}
