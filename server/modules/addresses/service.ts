import type { Static } from 'typebox';
import type { AppContext } from '../../context';
import { governorateOf } from '../delivery';
import type { ShippingAddress, ShippingAddressInput } from './schemas';

/**
 * The governorate an address is in: the one it names, else the one its city names (the original web app sends only a
 * free-text city), else null. Only when the address says where it is (a change of neither keeps the stored one).
 */
export async function locate<A extends { city?: string; governorate?: string | null }>(ctx: AppContext, address: A) {
  if (address.governorate === undefined && address.city === undefined) return address;
  const found = await governorateOf(ctx, { governorate: address.governorate ?? undefined, city: address.city });
  return { ...address, governorate: found?.code ?? null };
}

/** The shipping address an order keeps, with its governorate's code and Arabic name as they are now. */
export async function shippingAddressOf(
  ctx: AppContext,
  input: Static<typeof ShippingAddressInput>,
): Promise<ShippingAddress> {
  const { governorate: code, ...rest } = input;
  const found = await governorateOf(ctx, { governorate: code, city: input.city });
  return {
    ...rest,
    city: input.city ?? '',
    postalCode: input.postalCode ?? '',
    ...(found && { governorate: found.code, governorateName: found.name }),
  };
}
