import type { Static } from 'typebox';
import { aliasesField } from '../../../lib/aliases';
import { field, fields } from '../../../lib/fields';
import { isAbsoluteImageUrl } from '../../../lib/images';
import { NamedImage } from '../../../../common/contract/catalogue';
import { LIST_FILTERS, ListQueryFields, Type } from '../../../lib/schemas';

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

export type NamedImageJson = Static<typeof NamedImage>;

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
