import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EGYPT_MOBILE, nationalMobile } from '../../common/rules/phone';
import { effectivePrice } from '../../common/rules/price';
import { ERROR_MESSAGES, type Messages } from '../../common/contract/errorCodes';
import { createProduct, useTestApp } from './helpers';

/**
 * Each rule is stated once, in common/rules/, and read by the server and the web app: a second statement of it in
 * their code fails here; the one the database must state again in SQL is checked against it.
 */
const t = useTestApp();
const ROOT = path.resolve(__dirname, '../..');

function sourceFiles(folder: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, folder), { withFileTypes: true, recursive: true })
    .flatMap((entry) =>
      entry.isFile() && /\.(ts|tsx)$/.test(entry.name)
        ? [path.relative(ROOT, path.join(entry.parentPath, entry.name))]
        : [],
    );
}

/** The files of server/, src/ and common/ (common/rules/ aside) whose text matches `statement`. */
const restating = (statement: RegExp) =>
  ['server', 'src', 'common']
    .flatMap(sourceFiles)
    .filter((file) => !file.startsWith('common/rules/'))
    .filter((file) => statement.test(fs.readFileSync(path.join(ROOT, file), 'utf8')));

describe('rules stated once', () => {
  it('the Egyptian mobile pattern lives in common/rules/phone.ts only', () => {
    expect(restating(/1\[0125\]/)).toEqual([]);
    for (const typed of ['01012345678', '٠١٠١٢٣٤٥٦٧٨', '+20 101 234 5678', '0020-10-1234-5678', '1012345678'])
      expect([typed, nationalMobile(typed)]).toEqual([typed, '01012345678']);
    for (const typed of ['0101234567', '01312345678', '+2001012345678', '0101234567a'])
      expect([typed, nationalMobile(typed)]).toEqual([typed, null]);
    expect(EGYPT_MOBILE.test('+201012345678')).toBe(true);
  });

  it('"a discount counts from 1 EGP" lives in common/rules/price.ts only, and the database agrees with it', async () => {
    expect(restating(/(priceAfterDiscount|totalAfterDiscount|price_after_discount)\s*>=?\s*\d/)).toEqual([]);
    for (const [price, after] of [
      [200, 0.99],
      [200, 1],
      [200, 150],
    ]) {
      const id = await createProduct(t, { price, priceAfterDiscount: after });
      const row = await t.db.one<{ effective_price: string | number }>(
        'SELECT effective_price FROM products WHERE id = $1',
        [id],
      );
      expect([after, Number(row!.effective_price)]).toEqual([after, effectivePrice(price * 100, after * 100, 100)]);
    }
  });

  it("a product's limits and price rules live in common/rules/product.ts, for the API and the catalogue sheet", () => {
    expect(restating(/2_?147_?483_?647/)).toEqual([]);
    for (const file of [
      'server/modules/catalogue/products/schemas.ts',
      'server/modules/catalogue/sheet/catalogueImport.ts',
    ])
      expect([file, fs.readFileSync(path.join(ROOT, file), 'utf8')]).toEqual([
        file,
        expect.stringMatching(/priceProblem[\s\S]*discountBelowPrice|discountBelowPrice[\s\S]*priceProblem/),
      ]);
  });

  it("a coupon's discount range and expiry live in common/rules/coupon.ts only", () => {
    expect(restating(/\b(discount|d)\s*[<>]=?\s*100\b/)).toEqual([]);
    expect(restating(/expire\s*[<>]=?\s*todayDate\(\)|parseExpire\([^)]*\)!?\.getTime\(\)\s*[<>]/)).toEqual([]);
  });

  it("the web app words the server's errors by their codes (common/contract/errorCodes.ts), never by their sentences", () => {
    // Each message's text up to its first value, when it says enough to be recognised (`Invalid value` does not).
    const sentences = Object.values(ERROR_MESSAGES as Messages)
      .flat()
      .map((message) => message.split(/<[A-Za-z]+>/)[0])
      .filter((text) => /^[ -~]+$/.test(text) && text.length >= 14);
    // The original backend answers a wrong password with a 500 and this text alone (API.md §8).
    const ORIGINAL_BACKEND = ['src/api/normalize.ts: Incorrect email or password'];
    const quoted = sourceFiles('src').flatMap((file) => {
      const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
      return sentences
        .filter((sentence) => ["'", '"', '`'].some((quote) => text.includes(quote + sentence)))
        .map((sentence) => `${file}: ${sentence}`);
    });
    expect(quoted.filter((found) => !ORIGINAL_BACKEND.includes(found))).toEqual([]);
  });

  it("an address's limits come from common/rules/address.ts on both sides", () => {
    for (const file of ['server/modules/addresses/schemas.ts', 'src/features/userAddress/AddressForm.tsx'])
      expect([file, fs.readFileSync(path.join(ROOT, file), 'utf8')]).toEqual([
        file,
        expect.stringContaining('ADDRESS_LIMITS'),
      ]);
    expect(restating(/maxLength\(\d+, 'Too long (city|details|alias|postalCode)'\)/)).toEqual([]);
  });
});
