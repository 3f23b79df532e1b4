import type { Static } from 'typebox';
import { aliasesField } from '../../lib/aliases';
import { field, fields } from '../../lib/fields';
import { isAbsoluteImageUrl } from '../../lib/images';
import { DateTime, LIST_FILTERS, ListQueryFields, Type, Url } from '../../lib/schemas';

/** `productCount` of `withCounts=1` (ours, modules/products/productCounts.ts). */
export const ProductCount = {
  productCount: Type.Optional(Type.Integer({ description: 'Products of it (only with `withCounts=1`)' })),
};

/** The list query with `withCounts` (ours): categories, subcategories and brands (see withProductCounts). */
export const CountedListQuery = fields(
  {
    ...ListQueryFields,
    withCounts: field
      .custom(
        Type.Boolean({ description: "`1` or `true` adds each one's productCount (ours)" }),
        (v) => v === '1' || v === 'true',
      )
      .optional(),
  },
  { description: LIST_FILTERS, additionalProperties: true },
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

export const INVALID_IMAGE_URL = 'image must be an absolute http(s) URL';

/**
 * The body of a category or a brand create (`New`) and update (`Changes`, only the fields sent): JSON, urlencoded, or
 * multipart with the image as a file, which the handler passes to the rules as `file` (a file wins over a URL).
 */
export function namedImageFields(tooLongMessage: string) {
  const name = field
    .text('Text of 3–32 characters, unique regardless of case')
    .minLength(3, 'must be at least 3 chars')
    .maxLength(32, tooLongMessage);
  const image = field
    .text('An absolute http(s) URL (or send a file)')
    .optional({ emptyIsAbsent: true })
    .check((v, { extra }) => extra.file !== undefined || isAbsoluteImageUrl(v), INVALID_IMAGE_URL);
  const aliases = aliasesField();
  return {
    New: fields({ name, image, aliases }),
    Changes: fields({ name: name.optional(), image, aliases }),
  };
}
export type NamedImageForm = Static<ReturnType<typeof namedImageFields>['Changes']>;
