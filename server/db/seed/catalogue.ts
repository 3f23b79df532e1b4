/** The Arabic demo catalogue the first start fills an empty database with (prices in EGP). */
export type Shape = 'tv' | 'phone' | 'laptop' | 'shirt' | 'dress' | 'appliance' | 'bottle' | 'toy';

export interface DemoCategory {
  name: string;
  shape: Shape;
  hue: number;
  subcategories: string[];
}

export interface DemoProduct {
  title: string;
  description: string;
  price: number;
  priceAfterDiscount?: number;
  quantity: number;
  sold: number;
  colors: string[];
  category: number;
  subcategory: string;
  brand?: string;
}

export const DEMO_CATEGORIES: DemoCategory[] = [
  { name: 'إلكترونيات', shape: 'tv', hue: 210, subcategories: ['تلفزيونات', 'سماعات', 'كاميرات'] },
  { name: 'موبايلات', shape: 'phone', hue: 250, subcategories: ['هواتف ذكية', 'إكسسوارات موبايل', 'ساعات ذكية'] },
  { name: 'لابتوبات', shape: 'laptop', hue: 190, subcategories: ['لابتوبات ألعاب', 'لابتوبات أعمال', 'ملحقات كمبيوتر'] },
  { name: 'أزياء رجالي', shape: 'shirt', hue: 20, subcategories: ['قمصان', 'بناطيل', 'أحذية رجالي'] },
  { name: 'أزياء حريمي', shape: 'dress', hue: 320, subcategories: ['فساتين', 'حقائب', 'أحذية حريمي'] },
  { name: 'أجهزة منزلية', shape: 'appliance', hue: 160, subcategories: ['أجهزة المطبخ', 'غسالات', 'مكانس كهربائية'] },
  { name: 'العناية الشخصية', shape: 'bottle', hue: 280, subcategories: ['عطور', 'العناية بالبشرة', 'ماكينات حلاقة'] },
  { name: 'ألعاب', shape: 'toy', hue: 45, subcategories: ['ألعاب أطفال', 'ألعاب فيديو', 'ألعاب تعليمية'] },
];

export const DEMO_BRANDS = ['سامسونج', 'أبل', 'شاومي', 'لينوفو', 'ديل', 'توشيبا'];

const BLACK = '#000000';
const WHITE = '#ffffff';

export const DEMO_PRODUCTS: DemoProduct[] = [
  { title: 'تلفزيون سامسونج 55 بوصة 4K سمارت', description: 'شاشة كريستال UHD بدقة 4K مع نظام تايزن الذكي، ثلاث منافذ HDMI وواي فاي مدمج، وصوت محيطي بقوة 20 وات.', price: 18999, priceAfterDiscount: 16999, quantity: 12, sold: 34, colors: [BLACK], category: 0, subcategory: 'تلفزيونات', brand: 'سامسونج' },
  { title: 'تلفزيون توشيبا 43 بوصة فل إتش دي', description: 'تلفزيون LED بدقة فل إتش دي مع رسيفر داخلي ومنفذي USB لتشغيل الأفلام والصور، بضمان سنتين.', price: 8499, quantity: 20, sold: 18, colors: [BLACK], category: 0, subcategory: 'تلفزيونات', brand: 'توشيبا' },
  { title: 'سماعة شاومي لاسلكية بلوتوث', description: 'سماعات أذن لاسلكية بتقنية بلوتوث 5.3 مع عزل للضوضاء وبطارية تدوم حتى 30 ساعة مع علبة الشحن.', price: 899, priceAfterDiscount: 749, quantity: 60, sold: 120, colors: [BLACK, WHITE], category: 0, subcategory: 'سماعات', brand: 'شاومي' },
  { title: 'سماعات أبل إيربودز برو', description: 'إلغاء نشط للضوضاء ووضع الشفافية وصوت مكاني مخصص، مع علبة شحن لاسلكية مقاومة للماء.', price: 9999, quantity: 15, sold: 41, colors: [WHITE], category: 0, subcategory: 'سماعات', brand: 'أبل' },
  { title: 'كاميرا مراقبة شاومي واي فاي', description: 'كاميرا منزلية بدقة 2K ورؤية ليلية وتنبيهات حركة على الموبايل، تدور 360 درجة.', price: 1299, quantity: 25, sold: 9, colors: [WHITE], category: 0, subcategory: 'كاميرات', brand: 'شاومي' },

  { title: 'هاتف سامسونج جالاكسي A55', description: 'شاشة سوبر أموليد 6.6 بوصة، ذاكرة 256 جيجا ورام 8 جيجا، كاميرا 50 ميجابكسل وبطارية 5000 مللي أمبير.', price: 16999, priceAfterDiscount: 15499, quantity: 30, sold: 75, colors: ['#1e3a8a', '#a3e635', BLACK], category: 1, subcategory: 'هواتف ذكية', brand: 'سامسونج' },
  { title: 'هاتف أبل آيفون 15', description: 'شريحة A16 بايونك وكاميرا رئيسية 48 ميجابكسل وجزيرة ديناميكية ومنفذ USB-C، ذاكرة 128 جيجا.', price: 52999, quantity: 8, sold: 22, colors: [BLACK, '#fbcfe8', '#bae6fd'], category: 1, subcategory: 'هواتف ذكية', brand: 'أبل' },
  { title: 'هاتف شاومي ريدمي نوت 13', description: 'شاشة أموليد بمعدل تحديث 120 هرتز وكاميرا 108 ميجابكسل وشحن سريع 33 وات.', price: 9999, priceAfterDiscount: 8999, quantity: 40, sold: 130, colors: [BLACK, '#38bdf8'], category: 1, subcategory: 'هواتف ذكية', brand: 'شاومي' },
  { title: 'ساعة سامسونج جالاكسي الذكية', description: 'ساعة ذكية لقياس نبض القلب والأكسجين وتتبع النوم والتمارين، مقاومة للماء مع بطارية تدوم يومين.', price: 7499, quantity: 18, sold: 27, colors: [BLACK, '#d4d4d8'], category: 1, subcategory: 'ساعات ذكية', brand: 'سامسونج' },
  { title: 'شاحن سريع شاومي 67 وات', description: 'شاحن حائط بتقنية الشحن التوربيني مع كابل USB-C بطول متر، يشحن الهاتف بالكامل في أقل من ساعة.', price: 649, priceAfterDiscount: 499, quantity: 100, sold: 210, colors: [WHITE], category: 1, subcategory: 'إكسسوارات موبايل', brand: 'شاومي' },

  { title: 'لابتوب لينوفو ليجن 5 للألعاب', description: 'معالج رايزن 7 وكارت شاشة RTX 4060 ورام 16 جيجا وهارد SSD سعة 1 تيرا، شاشة 165 هرتز.', price: 64999, priceAfterDiscount: 59999, quantity: 6, sold: 11, colors: ['#334155'], category: 2, subcategory: 'لابتوبات ألعاب', brand: 'لينوفو' },
  { title: 'لابتوب ديل إكس بي إس 13', description: 'لابتوب خفيف بهيكل ألومنيوم ومعالج إنتل كور i7 وشاشة لمس بدقة عالية وبطارية تدوم طوال اليوم.', price: 58999, quantity: 5, sold: 7, colors: ['#e5e7eb'], category: 2, subcategory: 'لابتوبات أعمال', brand: 'ديل' },
  { title: 'لابتوب أبل ماك بوك إير M2', description: 'شريحة M2 ورام 8 جيجا وتخزين 256 جيجا وشاشة ليكويد ريتينا 13.6 بوصة، تصميم نحيف بدون مراوح.', price: 49999, quantity: 9, sold: 19, colors: ['#d4d4d8', '#1f2937'], category: 2, subcategory: 'لابتوبات أعمال', brand: 'أبل' },
  { title: 'لابتوب لينوفو ثينك باد E14', description: 'لابتوب أعمال بلوحة مفاتيح مريحة ومعالج إنتل كور i5 ورام 16 جيجا وقارئ بصمة للأمان.', price: 32999, priceAfterDiscount: 29999, quantity: 14, sold: 16, colors: [BLACK], category: 2, subcategory: 'لابتوبات أعمال', brand: 'لينوفو' },
  { title: 'ماوس ديل لاسلكي', description: 'ماوس لاسلكي صامت بدقة 1600 نقطة وبطارية تدوم 18 شهرًا، مناسب لليد اليمنى واليسرى.', price: 449, quantity: 80, sold: 95, colors: [BLACK, '#9ca3af'], category: 2, subcategory: 'ملحقات كمبيوتر', brand: 'ديل' },

  { title: 'قميص قطن رجالي كلاسيك', description: 'قميص بأكمام طويلة من القطن المصري 100٪، قصة مريحة مناسبة للعمل والخروج.', price: 549, priceAfterDiscount: 449, quantity: 50, sold: 64, colors: [WHITE, '#93c5fd', '#1e3a8a'], category: 3, subcategory: 'قمصان' },
  { title: 'بنطلون جينز رجالي', description: 'جينز بقصة مستقيمة وقماش مرن يتحمل الغسيل المتكرر، متوفر بعدة مقاسات.', price: 799, quantity: 45, sold: 38, colors: ['#1e40af', BLACK], category: 3, subcategory: 'بناطيل' },
  { title: 'حذاء رياضي رجالي خفيف', description: 'حذاء جري خفيف الوزن بنعل مرن يمتص الصدمات وخامة تسمح بتهوية القدم.', price: 1199, priceAfterDiscount: 999, quantity: 35, sold: 52, colors: [BLACK, WHITE, '#ef4444'], category: 3, subcategory: 'أحذية رجالي' },
  { title: 'تيشيرت بولو رجالي', description: 'تيشيرت بولو بياقة وأزرار من قطن البيكيه، ألوان ثابتة لا تبهت.', price: 399, quantity: 70, sold: 88, colors: [WHITE, BLACK, '#16a34a'], category: 3, subcategory: 'قمصان' },
  { title: 'حذاء جلد رجالي كلاسيك', description: 'حذاء من الجلد الطبيعي بنعل مطاطي مانع للانزلاق، مثالي للمناسبات.', price: 1599, quantity: 20, sold: 14, colors: ['#78350f', BLACK], category: 3, subcategory: 'أحذية رجالي' },

  { title: 'فستان سهرة طويل', description: 'فستان سهرة من الساتان بتطريز يدوي وبطانة ناعمة، مناسب للأفراح والمناسبات.', price: 1899, priceAfterDiscount: 1499, quantity: 15, sold: 21, colors: ['#be123c', '#1e1b4b'], category: 4, subcategory: 'فساتين' },
  { title: 'فستان صيفي مشجر', description: 'فستان صيفي خفيف من الفيسكوز بنقشة ورود وحزام على الخصر.', price: 749, quantity: 30, sold: 33, colors: ['#fde68a', '#fbcfe8'], category: 4, subcategory: 'فساتين' },
  { title: 'حقيبة يد جلد حريمي', description: 'حقيبة يد من الجلد الصناعي الفاخر بجيوب داخلية وحزام كتف قابل للفصل.', price: 1299, priceAfterDiscount: 1099, quantity: 25, sold: 47, colors: [BLACK, '#a16207', '#f5f5f4'], category: 4, subcategory: 'حقائب' },
  { title: 'حذاء كعب عالي حريمي', description: 'حذاء بكعب 8 سم ونعل داخلي مبطن لراحة طوال اليوم.', price: 899, quantity: 22, sold: 17, colors: [BLACK, '#e11d48'], category: 4, subcategory: 'أحذية حريمي' },
  { title: 'حقيبة ظهر حريمي', description: 'حقيبة ظهر عملية مقاومة للماء بمكان مخصص للابتوب حتى 14 بوصة.', price: 599, quantity: 40, sold: 29, colors: ['#fda4af', '#6b7280'], category: 4, subcategory: 'حقائب' },

  { title: 'غسالة توشيبا أوتوماتيك 8 كيلو', description: 'غسالة فوق أوتوماتيك بسعة 8 كيلو و15 برنامج غسيل وتقنية توفير المياه والكهرباء.', price: 15999, priceAfterDiscount: 14499, quantity: 7, sold: 12, colors: [WHITE, '#9ca3af'], category: 5, subcategory: 'غسالات', brand: 'توشيبا' },
  { title: 'مكنسة شاومي روبوت ذكية', description: 'مكنسة روبوت بالليزر ترسم خريطة المنزل وتكنس وتمسح، وتتحكم فيها من تطبيق الموبايل.', price: 11999, quantity: 10, sold: 15, colors: [WHITE, BLACK], category: 5, subcategory: 'مكانس كهربائية', brand: 'شاومي' },
  { title: 'خلاط كهربائي 600 وات', description: 'خلاط بإبريق زجاجي سعة 1.5 لتر وشفرات من الستانلس ستيل وخمس سرعات.', price: 1499, quantity: 28, sold: 40, colors: [WHITE, '#dc2626'], category: 5, subcategory: 'أجهزة المطبخ' },
  { title: 'ميكروويف سامسونج 28 لتر', description: 'ميكروويف بالشواية سعة 28 لتر مع برامج طهي تلقائية وطبقة سيراميك سهلة التنظيف.', price: 5499, priceAfterDiscount: 4999, quantity: 11, sold: 23, colors: [BLACK], category: 5, subcategory: 'أجهزة المطبخ', brand: 'سامسونج' },
  { title: 'مكنسة كهربائية توشيبا 2000 وات', description: 'مكنسة بكيس قماش قابل للغسيل وفلتر هيبا وقوة شفط عالية للسجاد والأرضيات.', price: 3299, quantity: 16, sold: 19, colors: ['#2563eb'], category: 5, subcategory: 'مكانس كهربائية', brand: 'توشيبا' },

  { title: 'عطر رجالي فاخر 100 مل', description: 'عطر شرقي بلمسات العود والعنبر يدوم طويلًا، في زجاجة أنيقة مناسبة للهدايا.', price: 1299, priceAfterDiscount: 999, quantity: 30, sold: 58, colors: [], category: 6, subcategory: 'عطور' },
  { title: 'كريم مرطب للبشرة 50 مل', description: 'كريم ترطيب يومي بحمض الهيالورونيك وفيتامين E مناسب لجميع أنواع البشرة.', price: 249, quantity: 90, sold: 140, colors: [], category: 6, subcategory: 'العناية بالبشرة' },
  { title: 'ماكينة حلاقة شاومي لاسلكية', description: 'ماكينة حلاقة بثلاث شفرات عائمة مقاومة للماء وبطارية تدوم 60 دقيقة.', price: 899, priceAfterDiscount: 799, quantity: 33, sold: 44, colors: [BLACK], category: 6, subcategory: 'ماكينات حلاقة', brand: 'شاومي' },
  { title: 'عطر حريمي زهري 80 مل', description: 'عطر بنفحات الورد والياسمين والفانيليا، رائحة ناعمة تناسب الصباح والمساء.', price: 1099, quantity: 26, sold: 31, colors: [], category: 6, subcategory: 'عطور' },
  { title: 'غسول للوجه بالصبار', description: 'غسول لطيف بخلاصة الصبار ينظف البشرة بعمق دون أن يسبب الجفاف.', price: 149, quantity: 120, sold: 175, colors: [], category: 6, subcategory: 'العناية بالبشرة' },

  { title: 'مكعبات بناء تعليمية 200 قطعة', description: 'مكعبات ملونة آمنة للأطفال من 3 سنوات تنمي الخيال والمهارات الحركية.', price: 449, priceAfterDiscount: 379, quantity: 55, sold: 67, colors: [], category: 7, subcategory: 'ألعاب تعليمية' },
  { title: 'عربية ريموت كنترول', description: 'سيارة دفع رباعي بالريموت كنترول وبطارية قابلة للشحن وسرعة حتى 20 كم في الساعة.', price: 699, quantity: 24, sold: 36, colors: ['#ef4444', '#2563eb'], category: 7, subcategory: 'ألعاب أطفال' },
  { title: 'يد تحكم لاسلكية للألعاب', description: 'ذراع تحكم بلوتوث متوافقة مع الكمبيوتر والموبايل بهزاز مزدوج وبطارية قابلة للشحن.', price: 1499, quantity: 19, sold: 28, colors: [BLACK, WHITE], category: 7, subcategory: 'ألعاب فيديو' },
  { title: 'لعبة بازل خريطة مصر', description: 'بازل خشبي من 100 قطعة على شكل خريطة مصر بالمحافظات، لعبة تعليمية ممتعة للأسرة.', price: 199, quantity: 40, sold: 12, colors: [], category: 7, subcategory: 'ألعاب تعليمية' },
  { title: 'دمية دب قطيفة كبيرة', description: 'دب قطيفة ناعم بطول 60 سم محشو بقطن صحي، هدية مثالية للأطفال.', price: 349, quantity: 0, sold: 50, colors: ['#a16207', '#f5f5f4'], category: 7, subcategory: 'ألعاب أطفال' },
];

export const DEMO_COUPON = { name: 'SALE10', discount: 10 };
