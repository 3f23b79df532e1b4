// Accounts' answers (API.md §1): users, their saved addresses, and the customer of an order.
import { Type } from 'typebox';
import { Timestamps, Url } from './answers';

/** An address as API.md §1 answers it (addresses/serialize.ts). */
export const Address = Type.Object({
  _id: Type.String(),
  alias: Type.String(),
  details: Type.String(),
  phone: Type.String(),
  city: Type.String({ description: 'May be ""' }),
  postalCode: Type.String({ description: 'May be ""' }),
  governorate: Type.Optional(Type.String({ description: 'Ours: its governorate code, when it has one' })),
  governorateName: Type.Optional(Type.String({ description: "Ours: the governorate's Arabic name" })),
  ...Timestamps,
});

export const Role = Type.Union([Type.Literal('user'), Type.Literal('manager'), Type.Literal('admin')]);

/** API.md §1 User (users/serialize.ts `userJson`): never a password or reset field. */
export const User = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  slug: Type.String(),
  email: Type.String(),
  phone: Type.Optional(Type.String()),
  profileImg: Type.Optional(Url()),
  role: Role,
  active: Type.Boolean(),
  wishlist: Type.Array(Type.String(), { description: 'Product ids' }),
  addresses: Type.Array(Address),
  ...Timestamps,
});

/** `{data: User, token}`: sign-up, login, a password change. */
export const UserWithToken = Type.Object({
  data: User,
  token: Type.String({ description: 'JWT for `Authorization: Bearer`' }),
});

/** The customer of an order (API.md §1 UserRef), live or from the order's snapshot. */
export const UserRef = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  phone: Type.Optional(Type.String()),
  profileImg: Type.Optional(Url()),
});
