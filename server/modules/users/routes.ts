import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Queryable } from '../../db';
import { onUniqueViolation } from '../../db/errors';
import { ValidationError, fieldError, notFound } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { buildListQuery, listResponse } from '../../lib/listQuery';
import { IdParams, field, fields, passwordText, toBoolean, type FieldContext } from '../../lib/fields';
import { checkBody } from '../../plugins/input';
import { Type, DataOnly, List, ListQuery, NoContent, bearer } from '../../lib/schemas';
import {
  CONFIRMATION_INCORRECT,
  NameField,
  NewAccountFields,
  NewEmailField,
  NewPasswordField,
  PhoneField,
  RoleField,
  User,
  UserWithToken,
  matchesConfirmation,
} from './schemas';
import { slugify } from '../../lib/arabic';
import { currentUser, requireAuth } from '../../plugins/auth';
import { LIMITS, routeLimit } from '../../plugins/rateLimits';
import { insertUser, issueToken, normalizeEmail, passwordChangeMoment, setPassword } from './accounts';
import { forgetPaymentSessionsOf } from '../orders';
import { recomputeRatings, reviewedProductIds } from '../reviews';
import {
  USER_LIST,
  deactivateUser,
  deleteUser,
  findUser,
  listUsers,
  lockUserForAudit,
  passwordHashOf,
  updateUser as updateUserRow,
  type UserChanges,
} from './repository';
import { userJson } from './serialize';
import { recordAudit } from '../audit';

/** Profile fields an update may change: only those sent (name also sets the slug). */
function profileChanges(body: { name?: string; email?: string; phone?: string }): UserChanges {
  const changes: UserChanges = {};
  if (body.name !== undefined) Object.assign(changes, { name: body.name, slug: slugify(body.name) });
  if (body.email !== undefined) changes.email = body.email;
  if (body.phone !== undefined) changes.phone = body.phone;
  return changes;
}

/** Writes the changes; false when the user is gone. An e-mail taken meanwhile answers the same error as a taken one. */
const updateUser = (db: Queryable, id: string, changes: UserChanges): Promise<boolean> =>
  onUniqueViolation(
    () => updateUserRow(db, id, changes),
    () => new ValidationError([fieldError('body', 'email', 'E-mail already in use', changes.email)]),
  );

/** The caller's password, checked against the stored one. */
const isCurrentPassword = async (value: unknown, context: FieldContext) => {
  const current = passwordText(value);
  const hash = await passwordHashOf(context.ctx.db, context.request!.user!.id);
  return current !== undefined && hash !== undefined && verifyPassword(current, hash);
};

/** A new e-mail is a new login: it needs the current password (API.md §5.2). */
const changesEmail = ({ data, request }: FieldContext) => {
  const email = data.email != null ? normalizeEmail(data.email) : undefined;
  return email !== undefined && email !== request!.user!.email.toLowerCase();
};

const UpdateMe = fields({
  name: NameField.optional(),
  email: NewEmailField({ required: false, except: ({ request }) => request!.user!.id }),
  phone: PhoneField,
  currentPassword: field
    .password('Needed to change the e-mail')
    .onlyWhen(changesEmail)
    .required('currentPassword is required to change the e-mail')
    .check(isCurrentPassword, 'Incorrect current password'),
});

/**
 * The password routes check their body in the handler, after the per-account rate limit (which needs the logged-in
 * user, so it runs as a pre-handler): a wrong current password must count against the limit.
 */
const ChangeMyPassword = fields({
  currentPassword: field.password('The current password').required('currentPassword required'),
  passwordConfirm: field.password('The new password again').required('passwordConfirm required'),
  password: NewPasswordField('Password Required')
    .check((_v, context) => isCurrentPassword(context.data.currentPassword, context), 'Incorrect current password')
    .check(matchesConfirmation, CONFIRMATION_INCORRECT),
});
/** An admin sets the password: `currentPassword` may be sent and is ignored. */
const SetPassword = fields({
  passwordConfirm: field.password('The new password again').required('passwordConfirm required'),
  password: NewPasswordField('Password Required').check(matchesConfirmation, CONFIRMATION_INCORRECT),
});

const UserChangesByAdmin = fields({
  name: NameField.optional(),
  email: NewEmailField({ required: false, except: ({ request }) => (request!.params as { id: string }).id }),
  phone: PhoneField,
  role: RoleField,
  active: field
    .boolean('true or false (also as text)')
    .optional()
    .check((v) => toBoolean(v) !== undefined, 'active must be true or false'),
});

const tags = ['users'];

/** API.md §5.2: the caller's own account, and the admin's user management. */
export async function userRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const anyUser = requireAuth(ctx);
  const admin = requireAuth(ctx, 'admin');
  // Per account: the key needs the logged-in user, so it runs after the auth pre-handler.
  const passwordChangeLimit = routeLimit(app, {
    ...LIMITS.passwordChange,
    hook: 'preHandler',
    keyGenerator: (request) => `user:${request.user?.id}`,
  });

  app.get(
    '/getMe',
    {
      schema: { tags, security: bearer, summary: "The caller's account", response: { 200: DataOnly(User) } },
      preValidation: anyUser,
    },
    async (request) => ({ data: userJson((await findUser(ctx.db, currentUser(request).id))!) }),
  );

  app.route({
    method: ['PUT', 'PATCH'],
    url: '/updateMe',
    schema: {
      tags,
      security: bearer,
      summary: "Change one's name, e-mail or phone (a new e-mail needs currentPassword and answers a new token)",
      body: UpdateMe,
      response: {
        200: Type.Object({
          status: Type.Literal('success'),
          data: Type.Object({ user: User }),
          token: Type.Optional(Type.String()),
        }),
      },
    },
    preValidation: anyUser,
    handler: async (request) => {
      const me = currentUser(request);
      // Only name, email and phone: role, password, active and the rest are not fields of this route.
      // A new e-mail is a new login: a stolen token alone must not take the account over (API.md §5.2).
      const changes = profileChanges(request.body);
      const emailChanges = changes.email !== undefined && changes.email !== me.email.toLowerCase();
      // Tokens issued before the e-mail change stop working; the answer carries one that works.
      const changedAt = emailChanges ? passwordChangeMoment() : undefined;
      if (changedAt) changes.password_changed_at = changedAt;
      await updateUser(ctx.db, me.id, changes);
      const user = userJson((await findUser(ctx.db, me.id))!);
      return {
        status: 'success' as const,
        data: { user },
        ...(changedAt && { token: await issueToken(ctx, me.id, changedAt) }),
      };
    },
  });

  app.route({
    method: ['PUT', 'PATCH'],
    url: '/changeMyPassword',
    schema: {
      tags,
      security: bearer,
      summary: "Change one's password; answers a new token (older ones stop working)",
      body: ChangeMyPassword,
      response: { 200: UserWithToken },
    },
    preValidation: anyUser,
    config: { ...passwordChangeLimit, bodyCheckedByHandler: true },
    handler: async (request) => {
      const me = currentUser(request);
      const { password } = await checkBody(request);
      const changedAt = await setPassword(ctx, me.id, password);
      return { data: userJson((await findUser(ctx.db, me.id))!), token: await issueToken(ctx, me.id, changedAt) };
    },
  });

  app.delete(
    '/deleteMe',
    {
      schema: {
        tags,
        security: bearer,
        summary: "Deactivate one's account (the e-mail stays taken)",
        response: { 204: NoContent },
      },
      preValidation: anyUser,
    },
    async (request, reply) => {
      // Deactivated, not deleted: the e-mail stays taken and old tokens stop working (API.md §5.2).
      await deactivateUser(ctx.db, currentUser(request).id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'List users (admin)',
        querystring: ListQuery,
        response: { 200: List(User) },
      },
      preValidation: admin,
      config: { listSpec: USER_LIST },
    },
    async (request) => {
      const q = buildListQuery(request.query, USER_LIST);
      const { rows, total } = await listUsers(ctx.db, q);
      return listResponse(rows.map(userJson), total, q);
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Create a user with any role (admin)',
        body: fields({ ...NewAccountFields, role: RoleField }),
        response: { 201: DataOnly(User) },
      },
      preValidation: admin,
    },
    async (request, reply) => {
      const { passwordConfirm: _, role = 'user', ...account } = request.body;
      const user = await insertUser(ctx, { ...account, role }, async (tx, id) => {
        const after = await lockUserForAudit(tx, id);
        await recordAudit(tx, currentUser(request), { action: 'user.create', target: { type: 'user', id }, after });
      });
      return reply.status(201).send({ data: userJson(user) });
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'One user (admin)',
        params: IdParams('id'),
        response: { 200: DataOnly(User) },
      },
      preValidation: admin,
    },
    async (request) => {
      const { id } = request.params;
      const user = await findUser(ctx.db, id);
      if (!user) throw notFound(`No document for this id ${id}`);
      return { data: userJson(user) };
    },
  );

  app.route({
    method: ['PUT', 'PATCH'],
    url: '/:id',
    schema: {
      tags,
      security: bearer,
      summary: "Change a user's name, e-mail, phone, role or active flag (admin)",
      params: IdParams('id'),
      body: UserChangesByAdmin,
      response: { 200: DataOnly(User) },
    },
    preValidation: admin,
    handler: async (request) => {
      const { id } = request.params;
      const { role, active, ...profile } = request.body;
      const changes = profileChanges(profile);
      if (role !== undefined) changes.role = role;
      if (active !== undefined) changes.active = active;
      const updated = await ctx.db.tx(async (tx) => {
        const before = await lockUserForAudit(tx, id);
        if (!before || !(await updateUser(tx, id, changes))) return false;
        const after = await lockUserForAudit(tx, id);
        await recordAudit(tx, currentUser(request), {
          action: 'user.update',
          target: { type: 'user', id },
          before,
          after,
        });
        return true;
      });
      if (!updated) throw notFound(`No document found for this id: ${id}`);
      return { data: userJson((await findUser(ctx.db, id))!) };
    },
  });

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Delete a user with their cart, addresses, wishlist and reviews (admin)',
        params: IdParams('id'),
        response: { 204: NoContent },
      },
      preValidation: admin,
    },
    async (request, reply) => {
      const { id } = request.params;
      const deleted = await ctx.db.tx(async (tx) => {
        const before = await lockUserForAudit(tx, id);
        if (!before) return false;
        const products = await reviewedProductIds(tx, id);
        // Orders outlive the account (they keep the user snapshot) but not its payment sessions.
        await forgetPaymentSessionsOf(tx, id);
        // Cart, addresses, wishlist, reviews and payment sessions go with the row (ON DELETE CASCADE).
        const deletedUser = await deleteUser(tx, id);
        if (deletedUser) for (const product of new Set(products)) await recomputeRatings(tx, product);
        if (deletedUser)
          await recordAudit(tx, currentUser(request), { action: 'user.delete', target: { type: 'user', id }, before });
        return deletedUser;
      });
      if (!deleted) throw notFound(`No document found for this id: ${id}`);
      return reply.status(204).send(null);
    },
  );

  app.route({
    method: ['PUT', 'PATCH'],
    url: '/change-password/:id',
    schema: {
      tags,
      security: bearer,
      summary: "Set a user's password (admin); their older tokens stop working",
      params: IdParams('id'),
      body: SetPassword,
      response: { 200: DataOnly(User) },
    },
    preValidation: admin,
    config: { ...passwordChangeLimit, bodyCheckedByHandler: true },
    handler: async (request) => {
      const { id } = request.params;
      const { password } = await checkBody(request);
      const then = (tx: Queryable) =>
        recordAudit(tx, currentUser(request), { action: 'user.password', target: { type: 'user', id } }).then(() => {});
      if (!(await setPassword(ctx, id, password, { then }))) {
        throw notFound(`No document found for this id: ${id}`);
      }
      return { data: userJson((await findUser(ctx.db, id))!) };
    },
  });
}
