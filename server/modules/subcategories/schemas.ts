import type { Static } from 'typebox';
import { DateTime, Maybe, Text, Type } from '../../lib/schemas';
import { ProductCount } from '../categories';

/** A subcategory (subcategoryJson): its category as an id. */
const SubcategoryProperties = {
  _id: Type.String(),
  name: Type.String(),
  slug: Type.String(),
  category: Type.String({ description: 'Category id' }),
  aliases: Type.Array(Type.String(), { description: 'Also known as: names search matches like the name (ours)' }),
  createdAt: DateTime(),
  updatedAt: DateTime(),
};
export const Subcategory = Type.Object(SubcategoryProperties);
export type SubcategoryJson = Static<typeof Subcategory>;
export const SubcategoryListItem = Type.Object({ ...SubcategoryProperties, ...ProductCount });

const name = Text('2–32 characters, unique within its category regardless of case');
const category = Type.String({ description: 'Category id' });

const aliases = Type.Unknown({
  description:
    'Other names search matches (ours): a list of texts, or one text separated by commas; at most 10 of ≤ 32 characters; [] or "" clears',
});
export const NewSubcategory = Type.Object({ name, category, aliases: Type.Optional(aliases) });
/** POST /categories/:categoryId/subcategories: the path names the category; a `category` in the body is ignored. */
export const NewSubcategoryOfCategory = Type.Object({
  name,
  category: Type.Optional(Type.Unknown({ description: 'Ignored: the path names the category' })),
  aliases: Type.Optional(aliases),
});
export const SubcategoryChanges = Type.Object({
  name: Maybe(name),
  category: Maybe(category),
  aliases: Type.Optional(aliases),
});
