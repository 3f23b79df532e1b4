import { useEffect, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { formatEGP } from '../../../common/format';
import AmountRow from '../../components/AmountRow';
import { selectCartPayable } from '../../app/cartSlice';
import {
  fetchDeliveryQuote,
  fetchGovernorates,
  selectDeliveryQuote,
  selectGovernorates,
} from '../../app/deliverySlice';
import { fetchAddresses, selectAddresses } from '../../app/userAddressSlice';

/**
 * The cart's delivery before checkout: shipping to a governorate (at first the one of the shopper's first saved address
 * that has one), the total with it, the VAT that total includes, and what cash on delivery adds. Shows nothing on a
 * backend without governorates or quotes.
 */
export default function DeliveryEstimate() {
  const dispatch = useAppDispatch();
  const governorates = useAppSelector(selectGovernorates);
  const addresses = useAppSelector(selectAddresses);
  const payable = useAppSelector(selectCartPayable);
  const quote = useAppSelector(selectDeliveryQuote);
  const [chosen, setChosen] = useState('');
  const governorate = chosen || addresses.find((a) => a.governorate)?.governorate || '';
  const shown = governorate && quote.governorate === governorate ? quote.data : null;

  useEffect(() => {
    void dispatch(fetchGovernorates());
    void dispatch(fetchAddresses());
  }, [dispatch]);

  useEffect(() => {
    if (governorate && payable > 0) void dispatch(fetchDeliveryQuote(governorate));
  }, [dispatch, governorate, payable]);

  if (governorates.length === 0) return null;
  return (
    <div className="border rounded p-2 small" data-testid="delivery-estimate">
      <Form.Group controlId="estimate-governorate" className="mb-2">
        <Form.Label className="mb-1">التوصيل الى</Form.Label>
        <Form.Select size="sm" value={governorate} onChange={(e) => setChosen(e.target.value)}>
          <option value="">اختر المحافظة</option>
          {governorates.map((g) => (
            <option key={g.code} value={g.code}>
              {g.name}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {shown && (
        <>
          <dl className="mb-0">
            <AmountRow term="الشحن" testId="estimate-shipping">
              {shown.shippingPrice > 0 ? formatEGP(shown.shippingPrice) : 'شحن مجاني'}
            </AmountRow>
            <AmountRow term="الاجمالي مع الشحن" tone="total" testId="estimate-total">
              {formatEGP(shown.totalOnline)}
            </AmountRow>
            {shown.taxPrice > 0 && (
              <AmountRow term="شامل ضريبة القيمة المضافة" tone="note">
                {formatEGP(shown.taxPrice)}
              </AmountRow>
            )}
          </dl>
          {/* A note beside the list, not in it: a definition list holds only its terms and definitions. */}
          {shown.cashOnDelivery.allowed && shown.cashOnDelivery.fee > 0 && (
            <p className="mb-0 text-body-secondary">الدفع عند الاستلام يضيف {formatEGP(shown.cashOnDelivery.fee)}</p>
          )}
        </>
      )}
    </div>
  );
}
