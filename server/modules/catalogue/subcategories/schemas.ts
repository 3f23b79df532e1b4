import type { Static } from 'typebox';
import { aliasesField } from '../../../lib/aliases';
import { field, fields, partial } from '../../../lib/fields';
import { text } from '../../../lib/validate';
import { Subcategory } from '../../../../common/contract/catalogue';
import { categoryExists } from '../categories/repository';

export type SubcategoryJson = Static<typeof Subcategory>;

/** API.md §5.4, in its order: name, then category (an empty or missing one fails its id format first). */
const SubcategoryFields = {
  name: field
    .text('2–32 characters, unique within its category regardless of case')
    .minLength(2, 'must be at least 2 chars')
    .maxLength(32, 'Too long category name'),
  category: field
    .uuid('Category id')
    .id('Invalid ID formate')
    .required('SubCategory must be belong to category')
    .check(
      (v, { ctx }) => categoryExists(ctx.db, text(v)!),
      (v) => `No category exist for this id: ${v}`,
    ),
};

/** POST /subcategories. */
export const NewSubcategory = fields({ ...SubcategoryFields, aliases: aliasesField() });
/**
 * POST /categories/:categoryId/subcategories: the path names the category, which is checked as the body's (the route
 * puts it there, see pathCategoryWins); a `category` sent in the body is ignored.
 */
export const NewSubcategoryOfCategory = fields({
  name: SubcategoryFields.name,
  category: SubcategoryFields.category.optional().describe('Ignored: the path names the category'),
  aliases: aliasesField(),
});
/** PUT/PATCH /subcategories/:id: only the fields sent, with the same rules. */
export const SubcategoryChanges = fields({ ...partial(SubcategoryFields), aliases: aliasesField() });
export type SubcategoryForm = Static<typeof SubcategoryChanges>;
