import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bodyOf } from '../../context';
import type { Queryable } from '../../db';
import { notFound } from '../../lib/errors';
import { rules, text, validate, validateIdParam, type Rules } from '../../lib/validate';
import { currentUser, requireAuth } from '../../plugins/auth';
import { ADDRESS_COLUMNS, addressJson } from './serialize';

/** API.md §5.9; `partial` makes every field optional (PUT/PATCH), keeping the same rules for values that are sent. */
function addressSchema(partial: boolean): Record<string, Rules> {
  const field = () => (partial ? rules().optional() : rules());
  return {
    alias: field().required('alias is required').string('alias is required').maxLength(50, 'Too long alias'),
    details: field().required('details is required').string('details is required').maxLength(500, 'Too long details'),
    phone: field().required('phone is required').egyptianPhone(),
    city: rules().optional().string('Invalid city').maxLength(50, 'Too long city'),
    postalCode: rules().optional().string('Invalid postalCode').maxLength(20, 'Too long postalCode'),
  };
}

const COLUMN_OF = { alias: 'alias', details: 'details', phone: 'phone', city: 'city', postalCode: 'postal_code' } as const;

async function userAddresses(db: Queryable, userId: string) {
  const rows = await db.query(`SELECT ${ADDRESS_COLUMNS} FROM addresses WHERE user_id = $1 ORDER BY added`, [userId]);
  return rows.map(addressJson);
}

export async function addressRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const auth = requireAuth(ctx);
  const missing = (id: string) => notFound(`There is no address for this id ${id}`);

  app.post('/', { preHandler: auth }, async (request) => {
    const user = currentUser(request);
    const body = bodyOf(request);
    await validate('body', body, addressSchema(false));
    await ctx.db.query('INSERT INTO addresses (user_id, alias, details, phone, city, postal_code) VALUES ($1, $2, $3, $4, $5, $6)', [
      user.id, text(body.alias), text(body.details), text(body.phone), text(body.city) ?? '', text(body.postalCode) ?? '',
    ]);
    return { status: 'success', message: 'Address added successfully', data: await userAddresses(ctx.db, user.id) };
  });

  app.get('/', { preHandler: auth }, async (request) => {
    const data = await userAddresses(ctx.db, currentUser(request).id);
    return { results: data.length, status: 'success', data };
  });

  app.get('/:addressId', { preHandler: auth }, async (request) => {
    const id = validateIdParam(request.params, 'addressId');
    const row = await ctx.db.one(`SELECT ${ADDRESS_COLUMNS} FROM addresses WHERE id = $1 AND user_id = $2`, [id, currentUser(request).id]);
    if (!row) throw missing(id);
    return { status: 'success', data: addressJson(row) };
  });

  const update = async (request: FastifyRequest) => {
    const id = validateIdParam(request.params, 'addressId');
    const body = bodyOf(request);
    await validate('body', body, addressSchema(true));
    const sets: string[] = [];
    const params: unknown[] = [id, currentUser(request).id];
    for (const [field, column] of Object.entries(COLUMN_OF)) {
      const value = body[field];
      if (value === undefined || value === null) continue;
      params.push(text(value));
      sets.push(`${column} = $${params.length}`);
    }
    const row = await ctx.db.one(
      `UPDATE addresses SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE id = $1 AND user_id = $2 RETURNING ${ADDRESS_COLUMNS}`,
      params,
    );
    if (!row) throw missing(id);
    return { status: 'success', message: 'Address updated successfully', data: addressJson(row) };
  };
  app.put('/:addressId', { preHandler: auth }, update);
  app.patch('/:addressId', { preHandler: auth }, update);

  app.delete('/:addressId', { preHandler: auth }, async (request) => {
    const user = currentUser(request);
    const id = validateIdParam(request.params, 'addressId');
    const row = await ctx.db.one('DELETE FROM addresses WHERE id = $1 AND user_id = $2 RETURNING id', [id, user.id]);
    if (!row) throw missing(id);
    return { status: 'success', message: 'Address removed successfully', data: await userAddresses(ctx.db, user.id) };
  });
}
