import { REVIEWS_PAGE_SIZE } from '../../api/reviews';

/** Heights (px) of the reviews section's parts as drawn, with their Bootstrap margins. */
export const REVIEWS_PARTS = {
  /** The section's p-3 and its title row with mb-3. */
  frame: 72,
  /** The line that asks a visitor to log in (or tells staff they may not review), with its margin. */
  note: 57,
  /** ReviewForm: its stars, a textarea of 2 rows and the button (with its pb-3 and the border). */
  form: 161,
  /** The form's mb-3. */
  formMargin: 16,
  /** A review of two lines: most are one to three. */
  review: 93,
  /** "لا توجد تقييمات" when there are none. */
  none: 24,
  /** The pager's row: one line of Bootstrap's .pagination. */
  pager: 38,
  /** The pager's my-4. */
  pagerMargins: 48,
};

/**
 * The height the reviews section will take once its first page is listed, from what the product page already knows
 * (how many reviews the product has, whether the shopper gets the form): reserved while the section's code and its
 * reviews load, so that what lies below does not jump down under the shopper's eyes when they arrive. Reviews
 * longer than two lines still push a little.
 */
export function reviewsSectionHeight(count: number, withForm: boolean): number {
  const { frame, note, form, formMargin, review, none, pager, pagerMargins } = REVIEWS_PARTS;
  const listed = Math.min(count, REVIEWS_PAGE_SIZE);
  return (
    frame +
    (withForm ? form + formMargin : note) +
    (listed ? listed * review : none) +
    (count > REVIEWS_PAGE_SIZE ? pager + pagerMargins : 0)
  );
}
