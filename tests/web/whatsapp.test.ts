import { egyptWhatsAppNumber, orderConfirmationText, whatsAppLink } from '../../src/lib/whatsapp';

describe('WhatsApp links to Egyptian customers', () => {
  it.each([
    ['01012345678', '201012345678'],
    ['0112 345 6789', '201123456789'],
    ['012-3456-7890', '201234567890'],
    ['+20 155 123 4567', '201551234567'],
    ['00201012345678', '201012345678'],
    ['201012345678', '201012345678'],
    ['٠١٠١٢٣٤٥٦٧٨', '201012345678'],
  ])('writes %s as %s', (phone, number) => {
    expect(egyptWhatsAppNumber(phone)).toBe(number);
  });

  it.each(['0223456789', '01312345678', '0101234567', '', '12345'])('has no WhatsApp number for %j', (phone) => {
    expect(egyptWhatsAppNumber(phone)).toBeNull();
    expect(whatsAppLink(phone, 'x')).toBeNull();
  });

  it('types the confirmation message with the order number and total, URL-encoded', () => {
    const text = orderConfirmationText({ id: 1042, totalOrderPrice: 1250.5 }, ' منى ');
    expect(text).toBe('مرحبًا منى، نؤكد طلبك رقم #1042 بإجمالي 1,250.50 ج.م. هل نرسله إلى العنوان المسجل؟');
    const link = whatsAppLink('01012345678', text)!;
    expect(link).toBe(`https://wa.me/201012345678?text=${encodeURIComponent(text)}`);
    expect(new URL(link).searchParams.get('text')).toBe(text);
    expect(orderConfirmationText({ id: 3, totalOrderPrice: 99 }, '')).toBe(
      'مرحبًا، نؤكد طلبك رقم #3 بإجمالي 99 ج.م. هل نرسله إلى العنوان المسجل؟',
    );
  });
});
