import { Type } from 'typebox';
import { Maybe, Text, Timestamps, Url } from '../../lib/schemas';
import { Address } from '../addresses';

/** API.md §1 User (users/serialize.ts `userJson`): never a password or reset field. */
export const User = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  slug: Type.String(),
  email: Type.String(),
  phone: Type.Optional(Type.String()),
  profileImg: Type.Optional(Url()),
  role: Type.Union([Type.Literal('user'), Type.Literal('manager'), Type.Literal('admin')]),
  active: Type.Boolean(),
  wishlist: Type.Array(Type.String(), { description: 'Product ids' }),
  addresses: Type.Array(Address),
  ...Timestamps,
});

/** A password exactly as typed: text, or a number taken as its digits. */
export const Password = (description = '6–72 characters') =>
  Type.Union([Type.String(), Type.Number()], { description });

export const Role = Type.Union([Type.Literal('user'), Type.Literal('manager'), Type.Literal('admin')]);

/** `{data: User, token}`: sign-up, login, a password change. */
export const UserWithToken = Type.Object({
  data: User,
  token: Type.String({ description: 'JWT for `Authorization: Bearer`' }),
});

export const NameField = Text('3–50 characters');
export const EmailField = Text('E-mail (trimmed, lower-cased)');
export const PhoneField = Maybe(Text('Egyptian mobile'));
