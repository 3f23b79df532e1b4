import { useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from '../../lib/toast';
import type { Product } from '../../api/types';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import PriceTag from '../../components/PriceTag';
import QuantityPicker from '../../components/QuantityPicker';
import StarRating from '../../components/StarRating';
import { DELAYS } from '../../lib/delays';
import { isOutOfStock, lowStockText, OUT_OF_STOCK_TEXT } from '../../lib/stock';
import { useLater } from '../../lib/useLater';
import { useOutOfView } from '../../lib/useOutOfView';
import { usePhone } from '../../lib/usePhone';
import { selectBrands } from '../../app/brandSlice';
import { fetchCart } from '../../app/cartSlice';
import { selectCategories } from '../../app/categorySlice';
import { selectCurrentUser } from '../../app/userSlice';
import { loginStateFrom } from '../../app/afterLogin';
import { ADD_TO_CART_MESSAGES, addToCartAndSay, chooseOptionText } from './addToCart';
import ColorChoice from './ColorChoice';
import VariantOptions from './VariantOptions';
import { type Choice, firstOpenOption, fromPriceText, optionsOf } from './variantChoice';
import type { useVariantChoice } from './useVariantChoice';

/**
 * Title, rating, price (near the photo), names, colours or options, stock, quantity, the add-to-cart button and the
 * description of /products/{id}. On a phone, once that button has scrolled away, a bar at the bottom keeps the price and
 * the button. A product with options shows the chosen variant's price, stock and SKU (the page keeps the choice).
 */
export default function ProductInfo({
  product,
  variantChoice,
}: {
  product: Product;
  variantChoice: ReturnType<typeof useVariantChoice>;
}) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const later = useLater();
  const loggedIn = useAppSelector(selectCurrentUser) != null;
  const categoryName = useAppSelector(selectCategories).find((c) => c._id === product.category)?.name;
  const brandName = useAppSelector(selectBrands).find((b) => b._id === product.brand)?.name;
  const [color, setColor] = useState('');
  const [busy, setBusy] = useState(false);
  const [chosenQuantity, setQuantity] = useState(1);
  const { choice, variant, onChoose } = variantChoice;
  const options = optionsOf(product);
  const [asked, setAsked] = useState(-1);
  const askedButton = useRef<HTMLButtonElement>(null);
  // The chosen variant's stock; before a choice, the product's (the sum of its variants').
  const stock = variant ? variant.quantity : product.quantity;
  // A quantity chosen for one variant never exceeds what another, chosen since, has left.
  const quantity = stock !== undefined && stock > 0 ? Math.min(chosenQuantity, stock) : chosenQuantity;
  const soldOut = isOutOfStock(stock);
  const fewLeft = lowStockText(stock);
  const mainButton = useRef<HTMLButtonElement>(null);
  const phone = usePhone();
  const showStickyBar = useOutOfView(mainButton, phone);

  const pick = (index: number, value: string) => {
    onChoose(index, value);
    setAsked(-1);
  };

  const addToCart = async () => {
    const open = firstOpenOption(product, choice);
    if (open >= 0) {
      // Said beside the option to pick, and focus moves there.
      setAsked(open);
      requestAnimationFrame(() => askedButton.current?.focus());
      return;
    }
    const variantId = options.length > 0 ? variant?._id : undefined;
    if (options.length === 0 && product.availableColors.length > 0 && !color) {
      toast.warn(ADD_TO_CART_MESSAGES.chooseColor);
      return;
    }
    const chosenColor = product.availableColors.length > 0 ? color : '';
    if (!loggedIn) {
      // The login brings the visitor back here and adds the quantity chosen then (features/user/afterLogin.ts).
      toast.warnWithAction(ADD_TO_CART_MESSAGES.loginFirst, 'تسجيل الدخول', () =>
        navigate('/login', {
          state: loginStateFrom(location, {
            kind: 'addToCart',
            productId: product._id,
            color: chosenColor,
            quantity,
            ...(variantId ? { variant: variantId } : {}),
          }),
        }),
      );
      return;
    }
    setBusy(true);
    const added = await addToCartAndSay(dispatch, product._id, chosenColor, quantity, variantId);
    setBusy(false);
    if (added) later(() => void dispatch(fetchCart()), DELAYS.reloadAfterAction);
  };

  const shown = variant ?? product;
  const price =
    !variant && options.length > 0 && product.priceRange ? (
      <span className="fw-bold">{fromPriceText(product.priceRange.min)}</span>
    ) : (
      <PriceTag price={shown.price} priceAfterDiscount={shown.priceAfterDiscount} />
    );
  // A product without options stays as it was (no SKU line).
  const sku = options.length > 0 ? variant?.sku : undefined;
  const buttonText = soldOut ? OUT_OF_STOCK_TEXT : 'اضف للعربة';
  return (
    <div className="d-flex flex-column gap-2">
      {categoryName && <div className="text-body-secondary">{categoryName}</div>}
      <h1 className="h4 fw-bold m-0">{product.title}</h1>
      <div className="d-flex align-items-center gap-2">
        <StarRating value={product.ratingsAverage} size={18} />
        <span className="text-warning fw-bold">{product.ratingsAverage}</span>
      </div>
      <div className="fs-4" data-testid="product-price">
        {price}
      </div>
      {brandName && (
        <div>
          <span className="text-body-secondary">الماركة: </span>
          <span className="fw-semibold">{brandName}</span>
        </div>
      )}
      {options.length > 0 ? (
        <VariantOptions
          product={product}
          choice={choice as Choice}
          onChoose={pick}
          asked={asked}
          askedText={asked >= 0 ? chooseOptionText(options[asked]!.name) : ''}
          askedRef={askedButton}
          disabled={busy}
        />
      ) : (
        <ColorChoice colors={product.availableColors} value={color} onChange={setColor} />
      )}
      {soldOut ? (
        <div className="fw-bold text-danger" data-testid="stock-note">
          {OUT_OF_STOCK_TEXT}
        </div>
      ) : (
        <div>
          <span className="text-body-secondary">الكمية المتاحة: </span>
          <span className="fw-semibold" data-testid="stock-count">
            {stock}
          </span>
          {fewLeft && (
            <span className="fw-bold text-danger ms-2" data-testid="stock-note">
              {fewLeft}
            </span>
          )}
        </div>
      )}
      <div className="d-flex flex-wrap align-items-center gap-3 my-1">
        {!soldOut && (
          <QuantityPicker
            id={`quantity-${product._id}`}
            value={quantity}
            max={stock ?? Number.MAX_SAFE_INTEGER}
            onChange={setQuantity}
            disabled={busy}
          />
        )}
        <Button ref={mainButton} variant="dark" size="lg" onClick={() => void addToCart()} disabled={busy || soldOut}>
          {buttonText}
        </Button>
      </div>
      {sku && (
        <div className="small">
          <span className="text-body-secondary">رمز المنتج: </span>
          <span dir="ltr" data-testid="product-sku">
            {sku}
          </span>
        </div>
      )}
      <h2 className="h6 fw-bold mt-2 mb-0">المواصفات</h2>
      <p className="mb-2" style={{ whiteSpace: 'pre-line' }}>
        {product.description}
      </p>
      {showStickyBar && (
        <div className="sticky-action-bar fixed-bottom bg-white border-top shadow d-flex align-items-center gap-3 px-3 py-2">
          <div className="flex-grow-1 fw-bold">{price}</div>
          <Button variant="dark" onClick={() => void addToCart()} disabled={busy || soldOut}>
            {buttonText}
          </Button>
        </div>
      )}
    </div>
  );
}
