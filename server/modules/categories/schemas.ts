import type { Static } from 'typebox';
import { DateTime, ListQuery, Type, Url } from '../../lib/schemas';

/** `productCount` of `withCounts=1` (ours, modules/products/productCounts.ts). */
export const ProductCount = {
  productCount: Type.Optional(Type.Integer({ description: 'Products of it (only with `withCounts=1`)' })),
};

/** The list query with `withCounts` (ours): categories, subcategories and brands. */
export const CountedListQuery = Type.Object(
  {
    ...ListQuery.properties,
    withCounts: Type.Optional(Type.Unknown({ description: "`1` or `true` adds each one's productCount (ours)" })),
  },
  {
    description:
      'Any other parameter filters a field: `field=value`, `field[gte|gt|lte|lt]=value`, `field[in][]=a&field[in][]=b`.',
    additionalProperties: true,
  },
);

/** A category or a brand (categoryJson, brandJson). */
export const NamedImageProperties = {
  _id: Type.String(),
  name: Type.String(),
  slug: Type.String(),
  image: Type.Optional(Url({ description: 'Absolute URL (left out when none is stored)' })),
  aliases: Type.Array(Type.String(), { description: 'Also known as: names search matches like the name (ours)' }),
  createdAt: DateTime(),
  updatedAt: DateTime(),
};
export const NamedImage = Type.Object(NamedImageProperties);
export type NamedImageJson = Static<typeof NamedImage>;
/** An item of a list page (List makes each field optional, for `fields=`). */
export const NamedImageListItem = Type.Object({ ...NamedImageProperties, ...ProductCount });

/**
 * A field of a body that the handler reads and checks itself (multipart, or rules that need the stored row first):
 * any JSON value reaches its rules as sent, which answer with API.md's messages; the description says what is valid.
 */
export const Field = (description: string) => Type.Unknown({ description });

/** Name and image of a category or a brand: JSON, urlencoded, or multipart with the image as a file. */
export const NamedImageFields = {
  name: Field('Text of 3–32 characters, unique regardless of case'),
  image: Field('An absolute http(s) URL (or send a file)'),
  aliases: Field(
    'Other names search matches (ours): a list of texts, or one text separated by commas; at most 10 of ≤ 32 characters; [] or "" clears',
  ),
};
