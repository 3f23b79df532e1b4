import type { Static } from 'typebox';
import type { AppContext } from '../../context';
import { governorateOf } from '../delivery';
import type { ShippingAddress, ShippingAddressInput } from './schemas';

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
