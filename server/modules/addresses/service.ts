import type { Static } from 'typebox';
import type { AppContext } from '../../context';
import type { Db } from '../../db';
import { notFound } from '../../lib/errors';
import { governorateOf } from '../delivery';
import { addressesOf, deleteAddress, findAddress, insertAddress, updateAddress } from './repository';
import type { AddressChanges, NewAddress, ShippingAddress, ShippingAddressInput } from './schemas';
import { addressJson } from './serialize';

const missing = (id: string) => notFound(`There is no address for this id ${id}`);

/**
 * A saved address with its governorate decided by the delivery module's matcher (400 when it cannot place it). For a
 * change (`stored`), only when it says where: a new city alone moves the address to the governorate it names, and
 * keeps the stored one when it names none; a new governorate is checked against the city kept.
 */
export async function locate<A extends { city?: string; governorate?: string | null }>(
  ctx: AppContext,
  address: A,
  stored?: { city: string; governorate: string | null },
) {
  if (address.governorate === undefined && address.city === undefined) return address;
  const city = address.city ?? stored?.city;
  const kept = address.governorate === undefined ? stored?.governorate : undefined;
  let found;
  try {
    found = await governorateOf(ctx, { governorate: address.governorate ?? undefined, city });
  } catch (error) {
    if (!kept) throw error;
    found = await governorateOf(ctx, { governorate: kept, city });
  }
  return { ...address, governorate: found?.code ?? null };
}

/** The shipping address an order keeps, with its governorate's code and Arabic name as they are now. */
export async function shippingAddressOf(
  ctx: AppContext,
  input: Static<typeof ShippingAddressInput>,
): Promise<ShippingAddress> {
  const { governorate: code, ...rest } = input;
  const found = await governorateOf(ctx, { governorate: code, city: input.city }, 'shippingAddress');
  return {
    ...rest,
    city: input.city ?? '',
    postalCode: input.postalCode ?? '',
    ...(found && { governorate: found.code, governorateName: found.name }),
  };
}

/** The user's saved addresses, as the API answers them. */
export const myAddresses = async (db: Db, userId: string) => (await addressesOf(db, userId)).map(addressJson);

/** Saves a new address, placed in its governorate; answers every address of the user. */
export async function addAddress(ctx: AppContext, userId: string, input: Static<typeof NewAddress>) {
  const { city = '', postalCode = '', ...address } = await locate(ctx, input);
  await insertAddress(ctx.db, userId, { ...address, city, postalCode, governorate: address.governorate ?? null });
  return myAddresses(ctx.db, userId);
}

/** One of the user's addresses; 404 when it is not theirs. */
export async function myAddress(db: Db, userId: string, id: string) {
  const row = await findAddress(db, id, userId);
  if (!row) throw missing(id);
  return addressJson(row);
}

/** Changes the fields sent of one of the user's addresses (placed again when it says where); 404 when not theirs. */
export async function changeAddress(
  ctx: AppContext,
  userId: string,
  id: string,
  changes: Static<typeof AddressChanges>,
) {
  const stored = await findAddress(ctx.db, id, userId);
  if (!stored) throw missing(id);
  const row = await updateAddress(ctx.db, id, userId, await locate(ctx, changes, stored));
  if (!row) throw missing(id);
  return addressJson(row);
}

/** Removes one of the user's addresses; answers the remaining ones, 404 when it was not theirs. */
export async function removeAddress(db: Db, userId: string, id: string) {
  if (!(await deleteAddress(db, id, userId))) throw missing(id);
  return myAddresses(db, userId);
}
