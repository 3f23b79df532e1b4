import { DateTime, NumberLike, Text, Type, Url } from '../../lib/schemas';
import { Field } from '../categories';

/** A review (reviewJson): the author populated as {_id, name, profileImg?}, the product as its id. */
export const Review = Type.Object({
  _id: Type.String(),
  review: Type.String(),
  rating: Type.Number({ description: '1.0–5.0' }),
  user: Type.Object({ _id: Type.String(), name: Type.Optional(Type.String()), profileImg: Type.Optional(Url()) }),
  product: Type.String({ description: 'Product id' }),
  createdAt: DateTime(),
  updatedAt: DateTime(),
});

const review = Text('Up to 1000 characters');
const rating = NumberLike({ description: '1.0–5.0' });

export const NewReview = Type.Object({ review, rating, product: Type.String({ description: 'Product id' }) });
/** Under /products/:productId: the path names the product; a `product` in the body is ignored. */
export const NewReviewOfProduct = Type.Object({
  review,
  rating,
  product: Type.Optional(Type.Unknown({ description: 'Ignored: the path names the product' })),
});
/** Checked by the handler once the review is found and is the caller's (404 and 403 come first). */
export const ReviewChanges = Type.Object({
  review: Type.Optional(Field('Up to 1000 characters')),
  rating: Type.Optional(Field('A number, 1.0–5.0')),
});
