import { foldArabic } from '../../lib/arabic';

/**
 * Where a free-text city or area is: the governorates' own names and the cities, districts and resorts Egyptians
 * write in an address, in Arabic and in the Latin spellings they use, keyed by ISO 3166-2:EG code. A name shared by
 * places in two governorates (دار السلام, بدر, فيصل…) is left out, so it can never pick one for the shopper.
 */
const PLACES: Record<string, string[]> = {
  'EG-C': [
    'القاهرة', 'القاهرة الجديدة', 'مدينة نصر', 'مصر الجديدة', 'مصر القديمة', 'المعادي', 'التجمع', 'التجمع الخامس',
    'التجمع الأول', 'الزمالك', 'شبرا', 'حلوان', 'المقطم', 'عين شمس', 'المرج', 'الرحاب', 'مدينتي', 'الشروق',
    'وسط البلد', 'العباسية', 'الزيتون', 'حدائق القبة', 'المطرية', 'السيدة زينب', 'المنيل', 'جاردن سيتي', 'النزهة',
    'الأميرية', 'طرة', 'المعصرة', 'التبين', 'الزاوية الحمراء', 'روض الفرج', 'بولاق', 'الظاهر', 'غمرة', 'الموسكي',
    'العتبة', 'الحلمية', 'الخليفة', 'القطامية', 'مايو 15', 'مدينة 15 مايو', 'مدينة بدر',
    'cairo', 'al qahira', 'el qahera', 'el kahera', 'kahera', 'new cairo', 'nasr city', 'heliopolis', 'masr el gedida',
    'maadi', 'zamalek', 'shubra', 'shoubra', 'helwan', 'mokattam', 'mokatam', 'ain shams', 'rehab', 'madinaty',
    'tagamoa', 'tagamo3', 'fifth settlement', '5th settlement', 'downtown cairo', 'abbasia', 'abbassia', 'katameya',
    'el marg', 'shorouk', 'el shorouk',
  ],
  'EG-GZ': [
    'الجيزة', 'الدقي', 'المهندسين', 'العجوزة', 'الهرم', 'فيصل الهرم', 'شارع فيصل', '6 أكتوبر', 'السادس من أكتوبر',
    'مدينة 6 أكتوبر', 'أكتوبر', 'حدائق أكتوبر', 'الشيخ زايد', 'زايد', 'إمبابة', 'بولاق الدكرور', 'الوراق', 'العمرانية',
    'حدائق الأهرام', 'البدرشين', 'العياط', 'الصف', 'أطفيح', 'الحوامدية', 'أوسيم', 'كرداسة', 'أبو النمرس', 'المنيب',
    'الكيت كات', 'ساقية مكي', 'الطالبية', 'المريوطية', 'أبو رواش', 'منشأة القناطر',
    'giza', 'gizeh', 'geza', 'el giza', 'dokki', 'doqi', 'mohandessin', 'mohandeseen', 'mohandesin', 'agouza', 'haram',
    'el haram', 'pyramids gardens', 'hadayek el ahram', '6 october', '6th october', 'sixth of october', 'october',
    'october city', 'sheikh zayed', 'zayed', 'imbaba', 'omraneya', 'omrania', 'warraq', 'badrashin', 'hawamdeya',
    'mounib',
  ],
  'EG-ALX': [
    'الإسكندرية', 'اسكندرية', 'إسكندرية', 'سموحة', 'سيدي جابر', 'المنتزه', 'العجمي', 'برج العرب', 'محرم بك', 'ميامي',
    'سيدي بشر', 'رشدي', 'ستانلي', 'كليوباترا', 'العصافرة', 'المندرة', 'لوران', 'كامب شيزار', 'الأنفوشي', 'العامرية',
    'المعمورة', 'أبو قير', 'الدخيلة', 'العطارين', 'الإبراهيمية', 'جليم', 'سان ستيفانو', 'كرموز', 'المكس', 'بحري الإسكندرية',
    'alexandria', 'alex', 'alexandra', 'iskandariya', 'iskandariyah', 'eskendereya', 'eskenderia', 'smouha', 'smoha',
    'sidi gaber', 'montaza', 'agami', 'borg el arab', 'moharam bek', 'miami', 'sidi bishr', 'stanley', 'roushdy',
    'rushdy', 'louran', 'laurent', 'asafra', 'mandara', 'mamoura', 'maamoura', 'abu qir', 'abou kir', 'gleem',
    'san stefano', 'amreya', 'dekheila',
  ],
  'EG-KB': [
    'القليوبية', 'بنها', 'شبرا الخيمة', 'قليوب', 'الخانكة', 'القناطر الخيرية', 'العبور', 'مدينة العبور', 'الخصوص', 'طوخ',
    'كفر شكر', 'شبين القناطر', 'قها', 'بهتيم', 'مسطرد',
    'qalyubia', 'qaliubia', 'qalyubiya', 'qaliubiya', 'kalyoubia', 'kaliobeya', 'qalubia', 'qalyoubia', 'benha',
    'banha', 'shubra el kheima', 'shoubra el kheima', 'shubra el khaima', 'shubra al khaymah', 'qalyub', 'kalyoub',
    'khanka', 'obour', 'el obour', 'obour city', 'qanater', 'toukh',
  ],
  'EG-BH': [
    'البحيرة', 'دمنهور', 'كفر الدوار', 'رشيد', 'إدكو', 'أبو حمص', 'كوم حمادة', 'إيتاي البارود', 'وادي النطرون',
    'المحمودية', 'الرحمانية', 'حوش عيسى', 'الدلنجات', 'شبراخيت', 'أبو المطامير',
    'beheira', 'behira', 'buhaira', 'buhayrah', 'el beheira', 'damanhour', 'damanhur', 'kafr el dawar', 'kafr eldawar',
    'rashid', 'rosetta', 'edku', 'idku', 'kom hamada', 'wadi el natrun', 'wadi natrun',
  ],
  'EG-MNF': [
    'المنوفية', 'شبين الكوم', 'منوف', 'السادات', 'مدينة السادات', 'أشمون', 'قويسنا', 'الباجور', 'بركة السبع', 'تلا',
    'الشهداء', 'سرس الليان',
    'monufia', 'menofia', 'menoufia', 'menoufiya', 'minufiya', 'minufia', 'monofia', 'el menofia', 'shebin el kom',
    'shibin el kom', 'shibin al kawm', 'menouf', 'menuf', 'sadat city', 'el sadat', 'ashmoun', 'quesna', 'quwaysna',
  ],
  'EG-GH': [
    'الغربية', 'طنطا', 'المحلة الكبرى', 'المحلة', 'كفر الزيات', 'زفتى', 'السنطة', 'سمنود', 'بسيون', 'قطور',
    'gharbia', 'gharbiya', 'gharbeya', 'el gharbia', 'tanta', 'mahalla', 'el mahalla', 'el mahalla el kubra',
    'mahalla kubra', 'mehalla', 'kafr el zayat', 'kafr elzayat', 'zefta', 'zifta', 'samanoud',
  ],
  'EG-KFS': [
    'كفر الشيخ', 'دسوق', 'بلطيم', 'فوه', 'سيدي سالم', 'الحامول', 'بيلا', 'قلين', 'مطوبس', 'برج البرلس', 'البرلس',
    'kafr el sheikh', 'kafr elsheikh', 'kafrelsheikh', 'kafr al sheikh', 'kafr el shaikh', 'kafr sheikh', 'desouk',
    'dessouk', 'disuq', 'baltim', 'fuwwah', 'sidi salem', 'burullus',
  ],
  'EG-DK': [
    'الدقهلية', 'المنصورة', 'ميت غمر', 'طلخا', 'السنبلاوين', 'بلقاس', 'دكرنس', 'المنزلة', 'شربين', 'أجا',
    'منية النصر', 'جمصة', 'نبروه', 'المطرية دقهلية', 'تمي الأمديد',
    'dakahlia', 'dakahliya', 'daqahlia', 'daqahliya', 'dakahleya', 'el dakahlia', 'mansoura', 'mansura', 'el mansoura',
    'mit ghamr', 'meet ghamr', 'talkha', 'sinbillawin', 'belqas', 'dikirnis', 'manzala', 'sherbin', 'aga', 'gamasa',
  ],
  'EG-DT': [
    'دمياط', 'دمياط الجديدة', 'رأس البر', 'فارسكور', 'كفر سعد', 'الزرقا', 'كفر البطيخ', 'عزبة البرج',
    'damietta', 'dumyat', 'domyat', 'damiatta', 'new damietta', 'ras el bar', 'ras elbar', 'faraskour', 'kafr saad',
  ],
  'EG-SHR': [
    'الشرقية', 'الزقازيق', 'العاشر من رمضان', 'مدينة العاشر', 'العاشر', 'بلبيس', 'منيا القمح', 'فاقوس', 'أبو كبير',
    'ههيا', 'كفر صقر', 'ديرب نجم', 'أبو حماد', 'الحسينية', 'مشتول السوق', 'أولاد صقر', 'الصالحية الجديدة', 'القرين',
    'sharqia', 'sharkia', 'sharqiya', 'sharkeya', 'sharqiyah', 'el sharkia', 'zagazig', 'zakazik', '10th of ramadan',
    '10 ramadan', 'tenth of ramadan', 'asher men ramadan', 'belbeis', 'bilbeis', 'faqous', 'fakous', 'minya el qamh',
    'abu kebir', 'abu hammad', 'hehia',
  ],
  'EG-IS': [
    'الإسماعيلية', 'الاسماعيليه', 'فايد', 'القنطرة', 'القنطرة شرق', 'القنطرة غرب', 'التل الكبير', 'أبو صوير', 'القصاصين',
    'ismailia', 'ismailiya', 'ismailiyya', 'ismaileya', 'el ismailia', 'fayed', 'qantara', 'el qantara', 'tel el kebir',
    'abu suwir',
  ],
  'EG-PTS': [
    'بورسعيد', 'بور سعيد', 'بورفؤاد', 'بور فؤاد',
    'port said', 'portsaid', 'port saeed', 'bur said', 'port fouad', 'port fuad',
  ],
  'EG-SUZ': [
    'السويس', 'العين السخنة', 'السخنة', 'عتاقة', 'الأربعين', 'الجناين', 'بورتوفيق', 'بور توفيق',
    'suez', 'el suez', 'el suways', 'ain sokhna', 'ain el sokhna', 'sokhna', 'el sokhna', 'ataqa', 'port tawfik',
  ],
  'EG-FYM': [
    'الفيوم', 'سنورس', 'إطسا', 'طامية', 'أبشواي', 'يوسف الصديق', 'الفيوم الجديدة',
    'faiyum', 'fayoum', 'fayum', 'faiyoum', 'el fayoum', 'al fayyum', 'fayyum', 'sinnuris', 'tamiya', 'ibshaway',
  ],
  'EG-BNS': [
    'بني سويف', 'بني سويف الجديدة', 'الواسطى', 'إهناسيا', 'ببا', 'الفشن', 'سمسطا',
    'beni suef', 'beni sueif', 'beni swef', 'bani suwayf', 'bani sweif', 'bni suef', 'benisuef', 'beni-suef',
    'new beni suef', 'el wasta', 'biba', 'el fashn',
  ],
  'EG-MN': [
    'المنيا', 'المنيا الجديدة', 'ملوي', 'مغاغة', 'بني مزار', 'سمالوط', 'مطاي', 'أبو قرقاص', 'العدوة', 'دير مواس',
    'minya', 'minia', 'el minya', 'el minia', 'al minya', 'menia', 'new minya', 'mallawi', 'maghagha', 'beni mazar',
    'samalut', 'matay', 'abu qurqas', 'deir mawas',
  ],
  'EG-AST': [
    'أسيوط', 'أسيوط الجديدة', 'ديروط', 'منفلوط', 'القوصية', 'أبنوب', 'أبو تيج', 'الغنايم', 'ساحل سليم', 'البداري', 'صدفا',
    'asyut', 'assiut', 'assuit', 'asiut', 'asyout', 'assyout', 'siut', 'new assiut', 'dayrut', 'dairut', 'manfalut',
    'el qusiya', 'abnub', 'abu tig', 'abutig',
  ],
  'EG-SHG': [
    'سوهاج', 'سوهاج الجديدة', 'أخميم', 'طهطا', 'جرجا', 'البلينا', 'المراغة', 'طما', 'المنشاة', 'ساقلته', 'جهينة',
    'sohag', 'suhag', 'sohaj', 'souhag', 'new sohag', 'akhmim', 'tahta', 'girga', 'gerga', 'el balyana', 'tima',
  ],
  'EG-KN': [
    'قنا', 'قنا الجديدة', 'نجع حمادي', 'قوص', 'دشنا', 'فرشوط', 'أبو تشت', 'نقادة', 'قفط',
    'qena', 'kena', 'quena', 'qina', 'new qena', 'nag hammadi', 'naga hammadi', 'nag hamadi', 'qus', 'dishna', 'qift',
  ],
  'EG-LX': [
    'الأقصر', 'إسنا', 'أرمنت', 'الطود', 'البياضية', 'القرنة', 'الأقصر الجديدة',
    'luxor', 'el uqsur', 'al uqsur', 'louxor', 'new luxor', 'esna', 'isna', 'armant', 'qurna',
  ],
  'EG-ASN': [
    'أسوان', 'أسوان الجديدة', 'كوم أمبو', 'كوم امبو', 'إدفو', 'دراو', 'نصر النوبة', 'أبو سمبل', 'كلابشة',
    'aswan', 'assuan', 'asswan', 'assouan', 'new aswan', 'kom ombo', 'edfu', 'idfu', 'daraw', 'abu simbel', 'abou simbel',
  ],
  'EG-BA': [
    'البحر الأحمر', 'الغردقة', 'سفاجا', 'القصير', 'مرسى علم', 'رأس غارب', 'الجونة', 'شلاتين', 'حلايب', 'مكادي',
    'سهل حشيش',
    'red sea', 'hurghada', 'ghardaqa', 'el ghardaqa', 'hurgada', 'safaga', 'quseir', 'el quseir', 'qusair',
    'marsa alam', 'el gouna', 'gouna', 'ras gharib', 'makadi', 'sahl hasheesh', 'shalateen',
  ],
  'EG-WAD': [
    'الوادي الجديد', 'الخارجة', 'الداخلة', 'الفرافرة', 'موط', 'بلاط',
    'new valley', 'el wadi el gedid', 'wadi el gedid', 'al wadi al jadid', 'kharga', 'el kharga', 'dakhla', 'el dakhla',
    'farafra',
  ],
  'EG-MT': [
    'مطروح', 'مرسى مطروح', 'العلمين', 'العلمين الجديدة', 'الضبعة', 'سيوة', 'السلوم', 'سيدي براني', 'سيدي عبد الرحمن',
    'matrouh', 'matruh', 'marsa matrouh', 'marsa matruh', 'mersa matruh', 'alamein', 'el alamein', 'new alamein',
    'siwa', 'dabaa', 'el dabaa', 'sallum', 'sidi abdel rahman',
  ],
  'EG-SIN': [
    'شمال سيناء', 'العريش', 'الشيخ زويد', 'رفح', 'بئر العبد', 'الحسنة', 'نخل',
    'north sinai', 'n sinai', 'arish', 'el arish', 'al arish', 'sheikh zuweid', 'rafah', 'bir al abd', 'bir el abd',
  ],
  'EG-JS': [
    'جنوب سيناء', 'شرم الشيخ', 'شرم', 'دهب', 'نويبع', 'طابا', 'سانت كاترين', 'الطور', 'رأس سدر', 'أبو رديس', 'أبو زنيمة',
    'south sinai', 's sinai', 'sharm el sheikh', 'sharm elsheikh', 'sharm al shaykh', 'sharm', 'dahab', 'nuweiba',
    'nueiba', 'taba', 'saint catherine', 'st catherine', 'el tor', 'ras sudr', 'ras sedr', 'abu rudeis',
  ],
};

/**
 * Words that say what kind of place follows, or the country, and so never decide a governorate: "محافظة أسوان",
 * "مدينة أسوان", "أسوان، مصر", "Aswan Governorate, Egypt", "ج.م.ع". A name that contains one ("مصر الجديدة",
 * "مدينة نصر") is matched whole before its words are read alone.
 */
const FILLER = new Set(
  [
    'محافظة', 'محافظه', 'مدينة', 'مدينه', 'مركز', 'حي', 'قسم', 'مصر', 'جمهورية', 'العربية', 'ج', 'م', 'ع', 'من',
    'و', 'شارع', 'منطقة', 'منطقه',
    'egypt', 'eg', 'arab', 'republic', 'of', 'the', 'governorate', 'gov', 'govt', 'city', 'center', 'centre',
    'markaz', 'district', 'muhafazat', 'mohafazat', 'new',
  ].flatMap(words),
);

/** A name's words, each in the one form its spellings share. */
function words(text: string): string[] {
  return foldArabic(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w && w !== 'el' && w !== 'al')
    .map(tokenKey)
    .filter(Boolean);
}

/**
 * One word in the form its spellings share. Arabic: folded (أ/إ/آ, ى, ة), the article ال (and a joined و before it) dropped. Latin: "el-"/"al-"
 * dropped, 6th → 6, q → k, e/y → i, o/ou/oo → u, doubled letters once (Menoufia, Menofia, Minufiya alike).
 */
function tokenKey(word: string): string {
  if (/[\u0600-\u06FF]/.test(word)) {
    // "والجيزة": the joined "and" comes off with the article.
    if (word.length > 4 && word.startsWith('وال')) return word.slice(3);
    return word.length > 3 && word.startsWith('ال') ? word.slice(2) : word;
  }
  const ordinal = /^(\d+)(st|nd|rd|th)$/.exec(word);
  if (ordinal) return ordinal[1];
  return word
    .replace(/^(el|al)-/, '')
    .replace(/q/g, 'k')
    .replace(/[ey]/g, 'i')
    .replace(/o/g, 'u')
    .replace(/(.)\1+/g, '$1');
}

/** Names of at most this many words are looked up; longer runs are read shorter. */
const LONGEST_NAME = 4;

/** The governorates and their names as the shop holds them now (an owner may rename or add one). */
export interface NamedGovernorate {
  code: string;
  name: string;
  name_en: string;
}

export type PlaceIndex = Map<string, Set<string>>;

/** The look-up of every name: the shop's governorates' own names, and the places in each that the shop still has. */
export function placeIndex(governorates: NamedGovernorate[]): PlaceIndex {
  const index: PlaceIndex = new Map();
  const add = (name: string, code: string) => {
    const key = words(name).join(' ');
    if (!key) return;
    if (!index.has(key)) index.set(key, new Set());
    index.get(key)!.add(code);
  };
  for (const g of governorates) {
    add(g.name, g.code);
    add(g.name_en, g.code);
    for (const place of PLACES[g.code] ?? []) add(place, g.code);
  }
  return index;
}

/**
 * The governorates a free-text city or area names: each run of its words is looked up, the longest first ("شبرا
 * الخيمة" before "شبرا", "مصر الجديدة" before the filler "مصر"), also written together ("بور سعيد" = "بورسعيد").
 * Answers every governorate named; an empty set when none is (unknown words alone decide nothing).
 */
export function governoratesNamed(index: PlaceIndex, text: string): Set<string> {
  const found = new Set<string>();
  const all = words(text);
  let i = 0;
  while (i < all.length) {
    let matched = 0;
    for (let length = Math.min(LONGEST_NAME, all.length - i); length >= 1 && !matched; length--) {
      const run = all.slice(i, i + length);
      const codes = index.get(run.join(' ')) ?? (length > 1 ? index.get(run.join('')) : undefined);
      if (codes && !(length === 1 && FILLER.has(run[0]))) {
        codes.forEach((code) => found.add(code));
        matched = length;
      }
    }
    i += matched || 1;
  }
  return found;
}
