// The shop's own pages, linked from the footer. The owner edits the wording, the phone number and the e-mail
// address here, and nowhere else: the footer and the pages read them from this file.

/** The shop's phone: an Egyptian mobile number, 11 digits (SPEC §9). */
export const SHOP_PHONE = '01224553460';
export const SHOP_EMAIL = 'support@shop.local';

interface ShopPage {
  path: string;
  /** The footer link and the page heading. */
  title: string;
  sections: { heading?: string; paragraphs: string[] }[];
}

const TERMS_PAGE: ShopPage = {
  path: '/terms',
  title: 'الشروط والاحكام',
  sections: [
    {
      paragraphs: ['باستخدامك للمتجر وإتمامك لأي طلب فأنت توافق على الشروط التالية، ونرجو قراءتها قبل الشراء.'],
    },
    {
      heading: 'الأسعار والطلبات',
      paragraphs: [
        'الأسعار معروضة بالجنيه المصري وتشمل ضريبة القيمة المضافة. يُثبت سعر المنتج لحظة إتمام الطلب، ولا يُعتمد الطلب إلا بعد تأكيده منا.',
        'قد نلغي طلبًا إذا نفدت الكمية أو ظهر خطأ واضح في السعر، ونرد لك حينها كل ما دفعته.',
      ],
    },
    {
      heading: 'الشحن والاستلام',
      paragraphs: ['نشحن إلى العنوان الذي تختاره عند الطلب، وتصل الطلبات عادة خلال 2 إلى 5 أيام عمل داخل مصر.'],
    },
    {
      heading: 'الاستبدال والاسترجاع',
      paragraphs: [
        'يمكنك إرجاع المنتج أو استبداله خلال 14 يومًا من الاستلام إذا كان بحالته الأصلية وفي غلافه، ويُرد المبلغ بوسيلة الدفع نفسها.',
      ],
    },
  ],
};

const PRIVACY_PAGE: ShopPage = {
  path: '/privacy',
  title: 'سياسة الخصوصية',
  sections: [
    {
      paragraphs: ['نحترم خصوصيتك ولا نجمع إلا ما نحتاجه لتوصيل طلباتك وخدمتك.'],
    },
    {
      heading: 'ما نحفظه',
      paragraphs: [
        'اسمك وبريدك الإلكتروني ورقم هاتفك وعناوين الشحن التي تضيفها، وطلباتك وتقييماتك. لا نحفظ بيانات بطاقتك؛ فالدفع بالبطاقة يتم لدى مزود الدفع مباشرة.',
      ],
    },
    {
      heading: 'كيف نستخدمه',
      paragraphs: [
        'لتجهيز طلباتك وشحنها، ولإرسال كود استعادة كلمة السر عند طلبك. لا نبيع بياناتك ولا نشاركها إلا مع شركة الشحن بقدر ما يلزم للتوصيل.',
      ],
    },
    {
      heading: 'حقوقك',
      paragraphs: ['يمكنك تعديل بياناتك من صفحتك الشخصية في أي وقت، أو مراسلتنا لحذف حسابك.'],
    },
  ],
};

export const CONTACT_PAGE: ShopPage = {
  path: '/contact',
  title: 'اتصل بنا',
  sections: [
    {
      paragraphs: ['يسعدنا الرد على أسئلتك عن المنتجات والطلبات والشحن من السبت إلى الخميس، من 10 صباحًا حتى 6 مساءً.'],
    },
  ],
};

export const SHOP_PAGES = [TERMS_PAGE, PRIVACY_PAGE, CONTACT_PAGE];
