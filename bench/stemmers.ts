import { PGlite } from '@electric-sql/pglite';
import { stemOf, wordsOf } from '../server/lib/searchText';

/**
 * `npx tsx bench/stemmers.ts`: the shop's light stemmer (server/lib/searchText.ts) beside PostgreSQL's Snowball
 * `arabic` configuration, on words as shoppers type them and as shop titles write them. A pair "meets" when both
 * words stem alike. The first table should meet, the second should not (a brand's letters inside another word, a
 * particle that is part of the word, a suffix that is part of the word). Prints both scores and every miss.
 */

/** [typed, in a title]: the same thing, so the search should find it. */
const SAME: [string, string][] = [
  ['شاشات', 'شاشة'],
  ['الشاشات', 'شاشة'],
  ['والشاشات', 'شاشة'],
  ['بالشاشة', 'شاشة'],
  ['ساعات', 'ساعة'],
  ['سماعات', 'سماعة'],
  ['نظارات', 'نظارة'],
  ['كاميرات', 'كاميرا'],
  ['ثلاجات', 'ثلاجة'],
  ['غسالات', 'غسالة'],
  ['مكيفات', 'مكيف'],
  ['بنطلونات', 'بنطلون'],
  ['رجالية', 'رجالي'],
  ['قطنية', 'قطني'],
  ['نسائية', 'نسائي'],
  ['الرياضية', 'رياضي'],
  ['الكهربائية', 'كهربائي'],
  ['الذكية', 'ذكية'],
  ['الجلدية', 'جلدي'],
  ['الموبايل', 'موبايل'],
  ['للأطفال', 'أطفال'],
  ['كالفستان', 'فستان'],
  ['فالفستان', 'فستان'],
  ['الهواتف', 'هواتف'],
  ['المكواة', 'مكواة'],
  ['مستحضرات', 'مستحضر'],
  ['لاعبون', 'لاعب'],
  ['رياضيين', 'رياضي'],
  ['مصممين', 'مصمم'],
  ['حقيبتها', 'حقيبة'],
  ['فساتين', 'فستان'],
  ['حقائب', 'حقيبة'],
  ['أحذية', 'حذاء'],
  ['أجهزة', 'جهاز'],
  ['قمصان', 'قميص'],
  ['هواتف', 'هاتف'],
  ['ألعاب', 'لعبة'],
  ['عطور', 'عطر'],
  ['مراوح', 'مروحة'],
  ['بطاريات', 'بطارية'],
];

/** [typed, in a title]: different things that share letters; the search should not confuse them. */
const DIFFERENT: [string, string][] = [
  ['أبل', 'كابل'],
  ['أبل', 'قابل'],
  ['لوزة', 'بلوزة'],
  ['بن', 'بنات'],
  ['كم', 'كمان'],
  ['سام', 'سامسونج'],
  ['زيت', 'زيتون'],
  ['ميزة', 'ميزان'],
  ['رشاش', 'فرشاة'],
  ['كتب', 'مكتب'],
  ['لعب', 'ملعب'],
  ['ولد', 'والد'],
];

const ours = (word: string) => stemOf(wordsOf(word)[0]);

async function main() {
  const db = new PGlite();
  const snowball = async (word: string) =>
    (
      await db.query<{ lexeme: string }>(`SELECT unnest(tsvector_to_array(to_tsvector('arabic', $1))) AS lexeme`, [
        word,
      ])
    ).rows[0]?.lexeme ?? word;
  const stemmers = { 'ours (light10 + shop plurals)': async (w: string) => ours(w), 'Snowball arabic': snowball };

  for (const [name, stem] of Object.entries(stemmers)) {
    const meets = async ([a, b]: [string, string]) => (await stem(a)) === (await stem(b));
    const found = await Promise.all(SAME.map(meets));
    const confused = await Promise.all(DIFFERENT.map(meets));
    const misses = SAME.filter((_, i) => !found[i]);
    const wrong = DIFFERENT.filter((_, i) => confused[i]);
    console.log(
      `\n${name}: finds ${found.filter(Boolean).length}/${SAME.length}, confuses ${wrong.length}/${DIFFERENT.length}`,
    );
    for (const [a, b] of misses) console.log(`  misses   ${a} → ${b}  (${await stem(a)} ≠ ${await stem(b)})`);
    for (const [a, b] of wrong) console.log(`  confuses ${a} ~ ${b}  (${await stem(a)})`);
  }
  await db.close();
}

await main();
