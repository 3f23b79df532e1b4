import { parse } from 'csv-parse';
import { colorOfName } from '../../../../common/colorNames';
import { toAsciiDigits } from '../../../../common/digits';
import type { Queryable } from '../../../db';
import { onUniqueViolation } from '../../../db';
import { slugify } from '../../../lib/arabic';
import { csvText } from '../../../lib/csv';
import { HttpError, duplicateValue } from '../../../lib/errors';
import { IMAGE_TOO_LARGE, isAbsoluteImageUrl, storeImage } from '../../../lib/images';
import type { ZipFiles } from '../../../lib/zip';
import { toPiastres } from '../../../lib/money';
import { productSearchVector } from '../../../lib/searchText';
import { HEX_COLOR, isId } from '../../../lib/validate';
import { CATALOGUE_COLUMNS, COLUMN_NAMES, splitList, type CatalogueColumn } from './catalogueColumns';
import {
  insertNamed,
  insertNamedSubcategory,
  productsBySkuOrId,
  shopNames,
  storedValues,
  writeProducts,
} from './repository';
import { SKU_INDEX, type ProductValues, type StoredProductRow } from '../products/repository';
import { PRODUCT_LIMITS, discountBelowPrice, isStockCount, priceProblem } from '../../../../common/rules/product';
import { SKU_MAX, isSku, normalizeSku } from '../products/sku';

/**
 * The catalogue import (README, API notes): a CSV sheet in the export's columns is read, each row checked and matched
 * to a product (on its SKU, else its id; neither creates one), and answered as a plan — rows to create, to update,
 * unchanged, and refused with their line, column and an Arabic reason — or applied, all of it in one transaction or
 * nothing at all. Categories, subcategories and brands are named; missing ones are created only when asked.
 */

/** The largest sheet or ZIP of images read (bytes of each file), and the most product rows in a sheet. */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;

/** A new product's images: the cover and at most 5 more (as the product form takes them). */
const MAX_IMAGES = 6;
/** A product to create needs these columns (and a cell in each). */
const CREATE_COLUMNS: CatalogueColumn[] = ['title', 'description', 'price', 'quantity', 'category'];

export interface Refusal {
  /** The sheet's row number as a spreadsheet shows it: the heading is row 1, the first product row 2. */
  line: number;
  column: CatalogueColumn | null;
  /** Arabic, naming the column. */
  reason: string;
  /** `السطر 14: السعر ليس رقماً` */
  message: string;
}

interface RowSummary {
  line: number;
  id?: string;
  sku?: string;
  title: string;
}

export interface ImportPlan {
  counts: { rows: number; create: number; update: number; unchanged: number; refused: number };
  create: RowSummary[];
  update: (RowSummary & { id: string; changes: CatalogueColumn[] })[];
  refused: Refusal[];
  /** Names the sheet uses that the shop does not have: created by apply when createMissing is set. */
  newNames: { categories: string[]; subcategories: string[]; brands: string[] };
  /** Heading cells that are no column of the sheet (left alone). */
  ignoredColumns: string[];
}

// ————— Reading the file —————

/** The file's text: UTF-8 (with or without a BOM); anything else is refused with how to save it. */
export function sheetText(file: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    throw new HttpError(400, 'الملف ليس بترميز UTF-8: احفظه من Excel بصيغة "CSV UTF-8 (مفصول بفواصل)"');
  }
}

const PARSE_REASONS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'علامة تنصيص " لم تُغلق',
  CSV_INVALID_CLOSING_QUOTE: 'حرف بعد علامة التنصيص الختامية',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'حرف بعد علامة التنصيص الختامية',
};

interface Sheet {
  /** Column → its index in each record. */
  at: Partial<Record<CatalogueColumn, number>>;
  ignoredColumns: string[];
  /** Product rows with their line; blank rows are left out. */
  rows: { line: number; cells: string[] }[];
}

/** A heading cell as a column: its name in CATALOGUE_COLUMNS (any letter case) or its Arabic name. */
function columnOf(heading: string): CatalogueColumn | undefined {
  const h = heading.trim().toLowerCase();
  return CATALOGUE_COLUMNS.find((c) => c.toLowerCase() === h || COLUMN_NAMES[c] === heading.trim());
}

/** Lets other requests run between slices of a large sheet (reading and checking 10,000 rows takes about a second). */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Characters parsed, and rows checked, between two yields. */
const PARSE_SLICE = 64 * 1024;
const CHECK_SLICE = 250;

/** The sheet's records, parsed a slice at a time. */
async function parseRecords(text: string, delimiter: string): Promise<string[][]> {
  const records: string[][] = [];
  const parser = parse({ bom: true, delimiter, relax_column_count: true, skip_empty_lines: false });
  parser.on('readable', () => {
    for (let record = parser.read(); record !== null; record = parser.read()) records.push(record as string[]);
  });
  const done = new Promise<void>((resolve, reject) => {
    parser.on('end', resolve);
    parser.on('error', reject);
  });
  done.catch(() => undefined); // awaited below; a parse error must not count as unhandled meanwhile
  for (let at = 0; at < text.length && !parser.destroyed; at += PARSE_SLICE) {
    parser.write(text.slice(at, at + PARSE_SLICE));
    await yieldToOthers();
  }
  if (!parser.destroyed) parser.end();
  await done;
  return records;
}

export async function readSheet(text: string): Promise<Sheet> {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0];
  // Excel in some Arabic locales separates with semicolons.
  const delimiter = !firstLine.includes(',') && firstLine.includes(';') ? ';' : ',';
  let records: string[][];
  try {
    records = await parseRecords(text, delimiter);
  } catch (err) {
    const { code, lines } = err as { code?: string; lines?: number };
    const where = lines ? ` (قرب السطر ${lines})` : '';
    throw new HttpError(400, `الملف ليس CSV صالحاً${where}: ${PARSE_REASONS[code ?? ''] ?? 'تعذرت قراءته'}`);
  }
  const [heading = [], ...body] = records;
  const at: Sheet['at'] = {};
  const ignoredColumns: string[] = [];
  heading.forEach((cell, i) => {
    const column = columnOf(cell);
    if (column && at[column] === undefined) at[column] = i;
    else if (cell.trim()) ignoredColumns.push(cell.trim());
  });
  if (at.title === undefined && at.sku === undefined && at.id === undefined)
    throw new HttpError(
      400,
      `السطر الأول من الملف يجب أن يحمل أسماء الأعمدة: ${CATALOGUE_COLUMNS.join(', ')} (كما في ملف التصدير)`,
    );
  const rows = body
    .map((cells, i) => ({ line: i + 2, cells }))
    .filter((r) => r.cells.some((cell) => cell.trim() !== ''));
  if (rows.length > IMPORT_MAX_ROWS)
    throw new HttpError(400, `الملف فيه ${rows.length} منتج، والحد الأقصى ${IMPORT_MAX_ROWS} في الملف الواحد`);
  return { at, ignoredColumns, rows };
}

// ————— Checking a row —————

/** A number as owners type it: Western or Arabic-Indic digits, thousands separators (, ٬ spaces), `.` or `٫`. */
export function sheetNumber(cell: string): number | undefined {
  const cleaned = toAsciiDigits(cell).replace(/[\s\u066c,\u00a0\u202f]/g, '');
  if (!/^\d+(\.\d+)?$/.test(cleaned) && !/^\.\d+$/.test(cleaned)) return undefined;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : undefined;
}

const key = (name: string) => name.trim().toLowerCase();

/** What the shop has: names by lower-cased name (subcategories by category id and name), and the products matched. */
interface Shop {
  categories: Map<string, string>;
  subcategories: Map<string, string>;
  brands: Map<string, string>;
  bySku: Map<string, StoredProductRow>;
  byId: Map<string, StoredProductRow>;
}

/** A category, subcategory or brand: the shop's id, or a name to create. */
type NameRef = { id: string } | { create: string };

interface CheckedRow {
  line: number;
  /** The stored product it updates; none creates one. */
  stored?: StoredProductRow;
  sku?: string | null;
  values: ProductValues;
  category?: NameRef;
  /** The category's key (id or `new:<name>`) and each subcategory's name. */
  subcategories?: NameRef[];
  brand?: NameRef | null;
  /** A new product's images named by file: read from the ZIP and stored by apply (in values they are those names). */
  zipImages?: string[];
}

const subKey = (category: NameRef, name: string) =>
  `${'id' in category ? category.id : `new:${key(category.create)}`}\n${key(name)}`;

class RowCheck {
  readonly refusals: Refusal[] = [];
  constructor(
    readonly line: number,
    private readonly cells: string[],
    private readonly at: Sheet['at'],
  ) {}
  has(column: CatalogueColumn) {
    return this.at[column] !== undefined;
  }
  /** The cell's text, trimmed, with the apostrophe that guarded a formula taken off; undefined without the column. */
  cell(column: CatalogueColumn): string | undefined {
    const i = this.at[column];
    if (i === undefined) return undefined;
    return csvText((this.cells[i] ?? '').trim()).trim();
  }
  refuse(column: CatalogueColumn | null, reason: string) {
    this.refusals.push({ line: this.line, column, reason, message: `السطر ${this.line}: ${reason}` });
    return undefined;
  }
}

function checkName(
  row: RowCheck,
  column: 'category' | 'brand',
  name: string,
  known: Map<string, string>,
  createMissing: boolean,
): NameRef | undefined {
  const id = known.get(key(name));
  if (id) return { id };
  const what = column === 'category' ? 'التصنيف' : 'الماركة';
  if (!createMissing) return row.refuse(column, `${what} "${name}" غير موجود في المتجر (اختر "إنشاء الناقص" لإنشائه)`);
  if ([...name].length < 3 || [...name].length > 32)
    return row.refuse(column, `اسم ${what} "${name}" يجب أن يكون من 3 إلى 32 حرفاً`);
  return { create: name };
}

function checkRow(row: RowCheck, shop: Shop, createMissing: boolean, zip?: ZipFiles): CheckedRow | undefined {
  const { line } = row;
  // Which product: the SKU's, else the id's; neither makes a new one.
  const skuCell = row.cell('sku');
  let sku: string | null | undefined;
  if (skuCell !== undefined) {
    sku = skuCell === '' ? null : normalizeSku(skuCell);
    if (sku && [...sku].length > SKU_MAX) row.refuse('sku', `الرمز (SKU) أطول من ${SKU_MAX} حرفاً`);
    else if (sku && !isSku(sku)) row.refuse('sku', 'الرمز (SKU) لا يقبل إلا حروفاً وأرقاماً و . _ - / بينها');
  }
  const idCell = row.cell('id');
  const id = idCell ? idCell.toLowerCase() : undefined;
  if (id !== undefined && !isId(id)) row.refuse('id', 'المعرّف ليس معرّف منتج صالحاً (اتركه فارغاً لمنتج جديد)');
  let stored: StoredProductRow | undefined;
  const bySku = sku ? shop.bySku.get(sku) : undefined;
  if (bySku && id && isId(id) && bySku.id !== id) row.refuse('sku', `الرمز ${sku} لمنتج آخر غير صاحب هذا المعرّف`);
  else if (bySku) stored = bySku;
  else if (id && isId(id)) {
    stored = shop.byId.get(id);
    if (!stored) row.refuse('id', 'لا يوجد منتج بهذا المعرّف (اتركه فارغاً لمنتج جديد)');
  }
  if (row.refusals.length) return undefined;

  const creating = !stored;
  const values: ProductValues = {};
  if (creating) {
    for (const column of CREATE_COLUMNS)
      if (!row.has(column)) row.refuse(column, `عمود ${COLUMN_NAMES[column]} مطلوب للمنتج الجديد`);
    if (row.refusals.length) return undefined;
  }
  const required = (column: CatalogueColumn) => {
    const value = row.cell(column);
    if (value === '') row.refuse(column, `${COLUMN_NAMES[column]} مطلوب`);
    return value || undefined;
  };

  const title = required('title');
  if (title !== undefined) {
    if ([...title].length < PRODUCT_LIMITS.titleMin)
      row.refuse('title', `الاسم أقصر من ${PRODUCT_LIMITS.titleMin} أحرف`);
    else if ([...title].length > PRODUCT_LIMITS.titleMax)
      row.refuse('title', `الاسم أطول من ${PRODUCT_LIMITS.titleMax} حرف`);
    else Object.assign(values, { title, slug: slugify(title) });
  }
  const description = required('description');
  if (description !== undefined) {
    if ([...description].length > PRODUCT_LIMITS.descriptionMax)
      row.refuse('description', `الوصف أطول من ${PRODUCT_LIMITS.descriptionMax} حرف`);
    else values.description = description;
  }

  const priceCell = required('price');
  if (priceCell !== undefined) {
    const price = sheetNumber(priceCell);
    const problem = price === undefined ? 'notNumber' : priceProblem(toPiastres(price));
    if (problem === 'notNumber') row.refuse('price', 'السعر ليس رقماً');
    else if (problem === 'notPositive') row.refuse('price', 'السعر يجب أن يكون أكبر من صفر');
    else if (problem === 'tooLarge') row.refuse('price', 'السعر أكبر من المسموح');
    else values.price = toPiastres(price!);
  }
  const discountCell = row.cell('priceAfterDiscount');
  if (discountCell !== undefined) {
    const discount = discountCell === '' ? null : sheetNumber(discountCell);
    const price = values.price ?? stored?.price;
    if (discount === undefined) row.refuse('priceAfterDiscount', 'السعر بعد الخصم ليس رقماً');
    else if (discount !== null && !discountBelowPrice(toPiastres(discount), price))
      row.refuse('priceAfterDiscount', 'السعر بعد الخصم يجب أن يكون أقل من السعر');
    else values.price_after_discount = discount === null ? null : toPiastres(discount);
  } else if (values.price !== undefined && stored?.price_after_discount != null) {
    if (!discountBelowPrice(stored.price_after_discount, values.price))
      row.refuse('price', 'السعر الجديد ليس أعلى من السعر بعد الخصم المحفوظ');
  }

  const quantityCell = required('quantity');
  if (quantityCell !== undefined) {
    const quantity = sheetNumber(quantityCell);
    if (quantity === undefined || !isStockCount(quantity)) row.refuse('quantity', 'الكمية ليست عدداً صحيحاً');
    // A product with options has its variants' stock (migration 034), changed per variant on its page.
    else if (stored?.options.length && quantity !== stored.quantity)
      row.refuse('quantity', 'كمية منتج له خيارات (مقاس، لون…) تُعدّل لكل نوع منه في صفحة المنتج');
    else if (!stored?.options.length) values.quantity = quantity;
  }

  const checked: CheckedRow = { line, stored, values };
  if (sku !== undefined) checked.sku = sku;

  const categoryName = required('category');
  if (categoryName !== undefined)
    checked.category = checkName(row, 'category', categoryName, shop.categories, createMissing);
  const category: NameRef | undefined =
    checked.category ?? (categoryName === undefined && stored ? { id: stored.category_id } : undefined);

  const subcategoryCell = row.cell('subcategories');
  if (subcategoryCell !== undefined && category) {
    const refs: NameRef[] = [];
    for (const name of new Set(splitList(subcategoryCell))) {
      const id = shop.subcategories.get(subKey(category, name));
      if (id) refs.push({ id });
      else if (!createMissing)
        row.refuse(
          'subcategories',
          `التصنيف الفرعي "${name}" غير موجود في تصنيف "${categoryName ?? 'المنتج'}" (اختر "إنشاء الناقص" لإنشائه)`,
        );
      else if ([...name].length < 2 || [...name].length > 32)
        row.refuse('subcategories', `اسم التصنيف الفرعي "${name}" يجب أن يكون من 2 إلى 32 حرفاً`);
      else refs.push({ create: name });
    }
    checked.subcategories = refs;
  } else if (checked.category && stored && 'id' in checked.category && checked.category.id !== stored.category_id) {
    // A new category without the subcategories column: the stored ones belong to the old category.
    checked.subcategories = [];
  }

  const brandCell = row.cell('brand');
  if (brandCell !== undefined)
    checked.brand = brandCell === '' ? null : checkName(row, 'brand', brandCell, shop.brands, createMissing);

  const colorCell = row.cell('colors');
  if (colorCell !== undefined) {
    const colors: string[] = [];
    for (const entry of splitList(colorCell)) {
      const color = HEX_COLOR.test(entry) ? entry.toLowerCase() : colorOfName(entry);
      if (color) colors.push(color);
      else row.refuse('colors', `اللون "${entry}" غير معروف: اكتبه برمزه (#1e56e0) أو باسمه (أسود، أزرق…)`);
    }
    values.available_colors = [...new Set(colors)];
  }

  // Images: kept as they are on update; a new product takes absolute URLs, the first as its cover.
  if (creating) {
    const images = splitList(row.cell('images') ?? '');
    const missing = images.find((image) => !isAbsoluteImageUrl(image) && !zip?.has(image));
    if (!images.length)
      row.refuse(
        'images',
        'المنتج الجديد يحتاج صورة: ضع في عمود الصور رابطها الكامل (https://…) أو اسم ملفها في ملف الصور (ZIP)، الأولى غلاف المنتج',
      );
    else if (images.length > MAX_IMAGES) row.refuse('images', `الصور أكثر من ${MAX_IMAGES} (غلاف و5 صور)`);
    else if (missing !== undefined)
      row.refuse(
        'images',
        zip
          ? `الصورة "${missing}" ليست في ملف الصور (ZIP)`
          : `الصورة "${missing}" ليست رابطاً كاملاً (https://…): أرفق ملف الصور (ZIP) لتسميتها باسم ملفها`,
      );
    else {
      checked.zipImages = images.filter((image) => !isAbsoluteImageUrl(image));
      values.image_cover = images[0];
      values.images = images.slice(1);
    }
  }
  return row.refusals.length ? undefined : checked;
}

// ————— The plan —————

async function loadShop(db: Queryable, rows: RowCheck[]): Promise<Shop> {
  const skus = new Set<string>();
  const ids = new Set<string>();
  for (const row of rows) {
    const sku = row.cell('sku');
    if (sku) skus.add(normalizeSku(sku));
    const id = row.cell('id')?.toLowerCase();
    if (id && isId(id)) ids.add(id);
  }
  const [names, products] = await Promise.all([
    shopNames(db),
    skus.size || ids.size ? productsBySkuOrId(db, [...skus], [...ids]) : Promise.resolve([]),
  ]);
  const shop: Shop = {
    categories: new Map(),
    subcategories: new Map(),
    brands: new Map(),
    bySku: new Map(),
    byId: new Map(),
  };
  for (const n of names) {
    if (n.kind === 'category') shop.categories.set(key(n.name), n.id);
    else if (n.kind === 'brand') shop.brands.set(key(n.name), n.id);
    else shop.subcategories.set(subKey({ id: n.category_id! }, n.name), n.id);
  }
  for (const p of products) {
    shop.byId.set(p.id, p);
    if (p.sku) shop.bySku.set(p.sku, p);
  }
  return shop;
}

export interface Planned {
  plan: ImportPlan;
  rows: CheckedRow[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The stored columns each sheet column writes, to name the changes of an update. */
const CHANGE_COLUMNS: [CatalogueColumn, (keyof StoredProductRow)[]][] = [
  ['sku', ['sku']],
  ['title', ['title']],
  ['description', ['description']],
  ['price', ['price']],
  ['priceAfterDiscount', ['price_after_discount']],
  ['quantity', ['quantity']],
  ['category', ['category_id']],
  ['subcategories', ['subcategory_ids']],
  ['brand', ['brand_id']],
  ['colors', ['available_colors']],
];

/** Reads and checks the whole sheet against the shop as `db` sees it: nothing is written. */
export async function planImport(
  db: Queryable,
  sheet: Sheet,
  createMissing: boolean,
  zip?: ZipFiles,
): Promise<Planned> {
  const checks = sheet.rows.map((r) => new RowCheck(r.line, r.cells, sheet.at));
  const shop = await loadShop(db, checks);
  const plan: ImportPlan = {
    counts: { rows: checks.length, create: 0, update: 0, unchanged: 0, refused: 0 },
    create: [],
    update: [],
    refused: [],
    newNames: { categories: [], subcategories: [], brands: [] },
    ignoredColumns: sheet.ignoredColumns,
  };
  const rows: CheckedRow[] = [];
  const firstLineOf = new Map<string, number>();
  const newNames = {
    categories: new Map<string, string>(),
    subcategories: new Map<string, string>(),
    brands: new Map<string, string>(),
  };
  for (const [i, check] of checks.entries()) {
    if (i % CHECK_SLICE === CHECK_SLICE - 1) await yieldToOthers();
    const checked = checkRow(check, shop, createMissing, zip);
    // One product once: a second row for the same product (or a new one with the same SKU) is refused.
    if (checked) {
      const target = checked.stored ? `id:${checked.stored.id}` : checked.sku ? `sku:${checked.sku}` : undefined;
      const earlier = target && firstLineOf.get(target);
      if (earlier) check.refuse(checked.stored ? 'id' : 'sku', `المنتج مكرر في الملف (سبق في السطر ${earlier})`);
      else if (target) firstLineOf.set(target, check.line);
      if (checked.sku && !checked.stored && shop.bySku.has(checked.sku))
        check.refuse('sku', `الرمز ${checked.sku} لمنتج آخر`);
      if (checked.stored && checked.sku) {
        const other = shop.bySku.get(checked.sku);
        if (other && other.id !== checked.stored.id) check.refuse('sku', `الرمز ${checked.sku} لمنتج آخر`);
      }
    }
    if (check.refusals.length || !checked) {
      plan.refused.push(...check.refusals);
      plan.counts.refused += 1;
      continue;
    }
    const title = checked.values.title ?? checked.stored!.title;
    if (checked.category && 'create' in checked.category)
      newNames.categories.set(key(checked.category.create), checked.category.create);
    if (checked.brand && 'create' in checked.brand)
      newNames.brands.set(key(checked.brand.create), checked.brand.create);
    for (const sub of checked.subcategories ?? [])
      if ('create' in sub) newNames.subcategories.set(key(sub.create), sub.create);
    rows.push(checked);
    if (!checked.stored) {
      plan.counts.create += 1;
      plan.create.push({ line: check.line, ...(checked.sku ? { sku: checked.sku } : {}), title });
      continue;
    }
    const changes = changedColumns(checked);
    if (!changes.length) {
      plan.counts.unchanged += 1;
      continue;
    }
    plan.counts.update += 1;
    const sku = checked.sku === undefined ? checked.stored.sku : checked.sku;
    plan.update.push({ line: check.line, id: checked.stored.id, ...(sku ? { sku } : {}), title, changes });
  }
  plan.newNames = {
    categories: [...newNames.categories.values()],
    subcategories: [...newNames.subcategories.values()],
    brands: [...newNames.brands.values()],
  };
  return { plan, rows };
}

/** The columns whose values differ from the stored product's (a new name always differs). */
function changedColumns(row: CheckedRow): CatalogueColumn[] {
  const stored = row.stored!;
  const next: Partial<Record<keyof StoredProductRow, unknown>> = { ...row.values };
  if (row.sku !== undefined) next.sku = row.sku;
  const refId = (ref: NameRef | null | undefined) => (ref === null ? null : ref && 'id' in ref ? ref.id : 'new');
  if (row.category) next.category_id = refId(row.category);
  if (row.subcategories) next.subcategory_ids = row.subcategories.map(refId);
  if (row.brand !== undefined) next.brand_id = refId(row.brand);
  return CHANGE_COLUMNS.filter(([, columns]) =>
    columns.some((c) => next[c] !== undefined && !same(next[c], stored[c])),
  ).map(([column]) => column);
}

/** Thrown inside the import's transaction when a row is refused: nothing is written. */
export class ImportRefused extends Error {
  constructor(readonly plan: ImportPlan) {
    super(`لم يُطبق الاستيراد: ${plan.counts.refused} من أسطر الملف مرفوضة، صححها ثم أعد المحاولة`);
  }
}

export type Storage = Parameters<typeof storeImage>[0];

/** A ZIP image as the upload checks answer it, in Arabic: `السطر 5: الصورة "a.png" ليست صورة…`. */
function imageRefusal(line: number, name: string, err: unknown): Error {
  const message = (err as { message?: string }).message;
  const status = (err as { statusCode?: number }).statusCode;
  if (status !== 400 && status !== 413) return err as Error;
  const reason =
    status === 413
      ? 'أكبر من الحجم المسموح للصورة'
      : message === IMAGE_TOO_LARGE
        ? 'أكبر من 40 ميجابكسل'
        : message === 'only images allowed'
          ? 'ليست صورة (JPEG أو PNG أو WebP أو GIF)'
          : (message ?? '');
  return new HttpError(400, `السطر ${line}: الصورة "${name}" ${reason}`);
}

/**
 * Writes the sheet in the caller's transaction: checked again against the shop as it is inside it, refused whole
 * (ImportRefused) when any row is, else the missing names created, new products inserted and changed ones updated.
 * The images it stores from the ZIP are pushed on `stored` (the caller removes them when the import is not written).
 */
export async function writeImport(
  tx: Queryable,
  sheet: Sheet,
  createMissing: boolean,
  images: { zip: ZipFiles; storage: Storage } | undefined,
  stored: string[],
): Promise<ImportPlan> {
  const { plan, rows } = await planImport(tx, sheet, createMissing, images?.zip);
  if (plan.counts.refused) throw new ImportRefused(plan);
  const created = {
    categories: new Map<string, string>(),
    brands: new Map<string, string>(),
    subs: new Map<string, string>(),
  };
  const nameId = async (table: 'categories' | 'brands', ref: NameRef) => {
    if ('id' in ref) return ref.id;
    const made = created[table];
    const k = key(ref.create);
    if (!made.has(k)) {
      const row = await onUniqueViolation(
        () => insertNamed(tx, table, ref.create, slugify(ref.create)),
        () => duplicateValue(ref.create),
      );
      made.set(k, row.id);
    }
    return made.get(k)!;
  };
  const subcategoryId = async (categoryId: string, ref: NameRef) => {
    if ('id' in ref) return ref.id;
    const k = `${categoryId}\n${key(ref.create)}`;
    if (!created.subs.has(k)) {
      const row = await onUniqueViolation(
        () => insertNamedSubcategory(tx, ref.create, slugify(ref.create), categoryId),
        () => duplicateValue(ref.create),
      );
      created.subs.set(k, row.id);
    }
    return created.subs.get(k)!;
  };

  const changedIds = new Set(plan.update.map((u) => u.id));
  const inserts: ProductValues[] = [];
  const updates: (ProductValues & { id: string })[] = [];
  for (const [i, row] of rows.entries()) {
    if (i % CHECK_SLICE === CHECK_SLICE - 1) await yieldToOthers();
    if (row.stored && !changedIds.has(row.stored.id)) continue;
    const values: ProductValues = { ...row.values };
    if (row.sku !== undefined) values.sku = row.sku;
    const categoryId = row.category ? await nameId('categories', row.category) : row.stored?.category_id;
    if (row.category) values.category_id = categoryId;
    if (row.subcategories) {
      values.subcategory_ids = [];
      for (const ref of row.subcategories) values.subcategory_ids.push(await subcategoryId(categoryId!, ref));
    }
    if (row.brand !== undefined) values.brand_id = row.brand === null ? null : await nameId('brands', row.brand);
    const title = values.title ?? row.stored?.title;
    const description = values.description ?? row.stored?.description;
    if (values.title !== undefined || values.description !== undefined)
      values.search_vector = productSearchVector(title!, description!);
    // A row is written whole: the stored values under the sheet's (images stay as stored on update).
    if (row.stored) updates.push({ ...storedValues(row.stored), ...values, id: row.stored.id });
    else inserts.push(values);
    // The new product's images from the ZIP, each through the upload checks and stored as uploads are.
    for (const name of new Set(row.zipImages ?? [])) {
      const file = await (async () => {
        try {
          return await storeImage(images!.storage, 'products', images!.zip.read(name), 'import');
        } catch (err) {
          throw imageRefusal(row.line, name, err);
        }
      })();
      stored.push(file);
      if (values.image_cover === name) values.image_cover = file;
      values.images = values.images?.map((image) => (image === name ? file : image));
    }
  }
  await onUniqueViolation(() => writeProducts(tx, inserts, updates), duplicateSku, SKU_INDEX);
  return plan;
}

/** Two products of the sheet raced another write for one SKU: API.md's duplicate-value 400, naming it. */
const duplicateSku = (err: unknown) => {
  const detail = (err as { detail?: string }).detail ?? '';
  return duplicateValue(/=\((.*)\)/.exec(detail)?.[1] ?? '');
};
