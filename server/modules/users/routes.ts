import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { bodyOf } from '../../context';
import type { Queryable } from '../../db';
import { onUniqueViolation } from '../../db/errors';
import { ValidationError, fieldError, notFound } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { buildListQuery, listResponse } from '../../lib/listQuery';
import { rules, text, validate, validateIdParam } from '../../lib/validate';
import {
  Type,
  BooleanLike,
  DataOnly,
  IdParams,
  List,
  ListQuery,
  Maybe,
  NoContent,
  bearer,
  checks,
  idRules,
} from '../../lib/schemas';
import { EmailField, NameField, Password, PhoneField, Role, User, UserWithToken } from './schemas';
import { slugify } from '../../lib/arabic';
import { currentUser, requireAuth } from '../../plugins/auth';
import { LIMITS, routeLimit } from '../../plugins/rateLimits';
import {
  ROLES,
  accountFromBody,
  emailRules,
  insertUser,
  issueToken,
  matchesConfirmation,
  newAccountRules,
  nameRules,
  normalizeEmail,
  passwordChangeMoment,
  passwordRules,
  passwordText,
  phoneRules,
  setPassword,
} from './accounts';
import { forgetPaymentSessionsOf } from '../orders';
import { recomputeRatings, reviewedProductIds } from '../reviews';
import {
  USER_LIST,
  deactivateUser,
  deleteUser,
  findUser,
  listUsers,
  passwordHashOf,
  updateUser as updateUserRow,
  type UserChanges,
} from './repository';
import { userJson } from './serialize';

/** `true`/`false` as JSON booleans or as the strings urlencoded bodies carry. */
const toBool = (value: unknown) =>
  value === true || value === 'true' ? true : value === false || value === 'false' ? false : undefined;

const roleRules = () => rules().optional().oneOf(ROLES, 'Invalid role');

/** Profile fields an update may change: only those sent, normalised (name also sets the slug). */
function profileChanges(body: Record<string, unknown>): UserChanges {
  const changes: UserChanges = {};
  if (body.name != null) Object.assign(changes, { name: text(body.name), slug: slugify(text(body.name)!) });
  if (body.email != null) changes.email = normalizeEmail(body.email);
  if (body.phone != null) changes.phone = text(body.phone);
  return changes;
}

/** Writes the changes; false when the user is gone. An e-mail taken meanwhile answers the same error as a taken one. */
const updateUser = (db: Queryable, id: string, changes: UserChanges, emailValue: unknown): Promise<boolean> =>
  onUniqueViolation(
    () => updateUserRow(db, id, changes),
    () => new ValidationError([fieldError('body', 'email', 'E-mail already in use', emailValue)]),
  );

const tags = ['users'];
/**
 * The password routes keep their rules in the handler, after the per-account rate limit (which needs the logged-in
 * user, so it runs as a pre-handler): a wrong current password must count against the limit. Their body schemas
 * therefore refuse nothing and only document the fields.
 */
const documented = (description: string) => Type.Optional(Type.Unknown({ description }));
const PasswordChange = Type.Object({
  currentPassword: documented('The current password (text); ignored when an admin sets the password'),
  password: documented('The new password (text), 6–72 characters'),
  passwordConfirm: documented('The new password again'),
});

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
      body: Type.Object({
        name: Maybe(NameField),
        email: Maybe(EmailField),
        phone: PhoneField,
        currentPassword: Type.Optional(Type.Unknown({ description: 'Needed to change the e-mail' })),
      }),
      response: {
        200: Type.Object({
          status: Type.Literal('success'),
          data: Type.Object({ user: User }),
          token: Type.Optional(Type.String()),
        }),
      },
    },
    // Auth, then the rules (which depend on who asks: a new e-mail needs the current password), then Ajv.
    preValidation: [
      anyUser,
      async (request) => {
        const me = currentUser(request);
        const body = bodyOf(request);
        const newEmail = body.email != null ? normalizeEmail(body.email) : undefined;
        const emailChanges = newEmail !== undefined && newEmail !== me.email.toLowerCase();
        await validate('body', body, {
          name: nameRules().optional(),
          email: emailRules(ctx.db, { required: false, exceptUserId: me.id }),
          phone: phoneRules(),
          ...(emailChanges && {
            currentPassword: rules()
              .required('currentPassword is required to change the e-mail')
              .check(async (v) => {
                const current = passwordText(v);
                const hash = await passwordHashOf(ctx.db, me.id);
                return current !== undefined && hash !== undefined && verifyPassword(current, hash);
              }, 'Incorrect current password'),
          }),
        });
      },
    ],
    handler: async (request) => {
      const me = currentUser(request);
      const body = request.body;
      // Only name, email and phone: role, password, active and the rest are ignored.
      // A new e-mail is a new login: a stolen token alone must not take the account over (API.md §5.2).
      const newEmail = body.email != null ? normalizeEmail(body.email) : undefined;
      const emailChanges = newEmail !== undefined && newEmail !== me.email.toLowerCase();
      const changes = profileChanges(body);
      // Tokens issued before the e-mail change stop working; the answer carries one that works.
      const changedAt = emailChanges ? passwordChangeMoment() : undefined;
      if (changedAt) changes.password_changed_at = changedAt;
      await updateUser(ctx.db, me.id, changes, body.email);
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
      body: PasswordChange,
      response: { 200: UserWithToken },
    },
    preValidation: anyUser,
    config: passwordChangeLimit,
    handler: async (request) => {
      const me = currentUser(request);
      const body = bodyOf(request);
      const hash = (await passwordHashOf(ctx.db, me.id))!;
      await validate('body', body, {
        currentPassword: rules().required('currentPassword required'),
        passwordConfirm: rules().required('passwordConfirm required'),
        password: matchesConfirmation(
          passwordRules('Password Required').check(async (_v, data) => {
            const current = passwordText(data.currentPassword);
            return current !== undefined && verifyPassword(current, hash);
          }, 'Incorrect current password'),
        ),
      });
      const changedAt = await setPassword(ctx, me.id, passwordText(body.password)!);
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
        body: Type.Object({
          name: NameField,
          email: EmailField,
          password: Password(),
          passwordConfirm: Password('The password again'),
          phone: PhoneField,
          role: Maybe(Role),
        }),
        response: { 201: DataOnly(User) },
      },
      preValidation: [
        admin,
        checks({
          body: { ...newAccountRules(ctx.db), role: roleRules() },
        }),
      ],
    },
    async (request, reply) => {
      const body = request.body;
      const user = await insertUser(ctx, accountFromBody(body, body.role ?? 'user'), body.email);
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
      preValidation: [admin, checks({ params: idRules('id') })],
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
      body: Type.Object({
        name: Maybe(NameField),
        email: Maybe(EmailField),
        phone: PhoneField,
        role: Maybe(Role),
        active: Maybe(BooleanLike({ description: 'true or false (also as text)' })),
      }),
      response: { 200: DataOnly(User) },
    },
    preValidation: [
      admin,
      checks({
        params: idRules('id'),
        body: (request) => ({
          name: nameRules().optional(),
          email: emailRules(ctx.db, { required: false, exceptUserId: (request.params as { id: string }).id }),
          phone: phoneRules(),
          role: roleRules(),
          active: rules()
            .optional()
            .check((v) => toBool(v) !== undefined, 'active must be true or false'),
        }),
      }),
    ],
    handler: async (request) => {
      const { id } = request.params;
      const body = request.body;
      const changes = profileChanges(body);
      if (body.role != null) changes.role = body.role;
      if (body.active != null) changes.active = toBool(body.active);
      if (!(await updateUser(ctx.db, id, changes, body.email))) throw notFound(`No document found for this id: ${id}`);
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
      preValidation: [admin, checks({ params: idRules('id') })],
    },
    async (request, reply) => {
      const { id } = request.params;
      const deleted = await ctx.db.tx(async (tx) => {
        const products = await reviewedProductIds(tx, id);
        // Orders outlive the account (they keep the user snapshot) but not its payment sessions.
        await forgetPaymentSessionsOf(tx, id);
        // Cart, addresses, wishlist, reviews and payment sessions go with the row (ON DELETE CASCADE).
        const deletedUser = await deleteUser(tx, id);
        if (deletedUser) for (const product of new Set(products)) await recomputeRatings(tx, product);
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
      body: PasswordChange,
      response: { 200: DataOnly(User) },
    },
    preValidation: admin,
    config: passwordChangeLimit,
    handler: async (request) => {
      const id = validateIdParam(request.params);
      const body = bodyOf(request);
      // `currentPassword` is accepted and ignored: the admin sets the password.
      await validate('body', body, {
        passwordConfirm: rules().required('passwordConfirm required'),
        password: matchesConfirmation(passwordRules('Password Required')),
      });
      if (!(await setPassword(ctx, id, passwordText(body.password)!))) {
        throw notFound(`No document found for this id: ${id}`);
      }
      return { data: userJson((await findUser(ctx.db, id))!) };
    },
  });
}
