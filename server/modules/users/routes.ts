import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
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
import { currentUser, requireAuth } from '../../plugins/auth';
import { LIMITS, routeLimit } from '../../plugins/rateLimits';
import { userJson } from './serialize';
import {
  USER_LIST,
  changeMyPassword,
  changeUser,
  createUser,
  deactivateMyAccount,
  isPasswordOf,
  myAccount,
  normalizeEmail,
  readUser,
  removeUser,
  setUserPassword,
  updateMyAccount,
  userPage,
} from './service';

/** The caller's password, checked against the stored one. */
const isCurrentPassword = (value: unknown, context: FieldContext) =>
  isPasswordOf(context.ctx.db, context.request!.user!.id, passwordText(value));

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
    async (request) => ({ data: userJson(await myAccount(ctx.db, currentUser(request))) }),
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
      const { user, token } = await updateMyAccount(ctx, currentUser(request), request.body);
      return { status: 'success' as const, data: { user: userJson(user) }, ...(token !== undefined && { token }) };
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
      const { password } = await checkBody(request);
      const { user, token } = await changeMyPassword(ctx, currentUser(request), password);
      return { data: userJson(user), token };
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
      await deactivateMyAccount(ctx.db, currentUser(request));
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
    async (request) => userPage(ctx.db, request.query),
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
      const user = await createUser(ctx, currentUser(request), request.body);
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
    async (request) => ({ data: userJson(await readUser(ctx.db, request.params.id)) }),
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
    handler: async (request) => ({
      data: userJson(await changeUser(ctx.db, currentUser(request), request.params.id, request.body)),
    }),
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
      await removeUser(ctx.db, currentUser(request), request.params.id);
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
      const { password } = await checkBody(request);
      return { data: userJson(await setUserPassword(ctx, currentUser(request), request.params.id, password)) };
    },
  });
}
