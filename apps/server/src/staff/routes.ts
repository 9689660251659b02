import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  acceptInvitationSchema,
  invitationDtoSchema,
  invitationInputSchema,
  loginDataSchema,
  staffDtoSchema,
  staffRemovalSchema,
  staffUpdateSchema,
} from '@newsroom/contract';
import { signedInAdmin } from '../auth/admin-guard.ts';
import { setSessionCookies } from '../auth/cookies.ts';
import { DomainError } from '../domain/errors.ts';
import { ok } from '../http/envelope.ts';
import {
  answers,
  idParams,
  type ContractTypeProvider,
  type IdParams,
} from '../http/route-schemas.ts';
import { validate } from '../http/validate.ts';
import { isTrustedOrigin } from '../security/origins.ts';

/** /staff: the staff screen's calls (newsroom API, Staff and invitations); behind the guard. */
export async function staffRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ContractTypeProvider>();
  const { staff, invitations } = app.services;
  const one = answers(staffDtoSchema);
  const invitation = answers(invitationDtoSchema);
  const actor = (request: Parameters<typeof signedInAdmin>[0]) => {
    const { id, role } = signedInAdmin(request);
    return { id, role };
  };

  app.get(
    '',
    {
      config: { action: 'staff.list' },
      schema: {
        response: answers(z.array(staffDtoSchema), { invitations: z.array(invitationDtoSchema) }),
      },
    },
    async (request) => {
      const viewer = actor(request);
      const [people, pending] = await Promise.all([
        staff.list(viewer),
        invitations.pending(viewer),
      ]);
      return ok(people, 'Staff fetched successfully', { invitations: pending });
    },
  );
  app.put<{ Params: IdParams }>(
    '/:id',
    {
      config: { action: 'staff.manage' },
      schema: { params: idParams, body: staffUpdateSchema, response: one },
    },
    async (request) =>
      ok(
        await staff.update(request.params.id, validate(staffUpdateSchema, request.body)),
        'Staff member updated successfully',
      ),
  );
  app.delete<{ Params: IdParams }>(
    '/:id',
    {
      config: { action: 'staff.manage' },
      schema: { params: idParams, querystring: staffRemovalSchema, response: one },
    },
    async (request) => {
      const { transferTo } = validate(staffRemovalSchema, request.query);
      return ok(await staff.remove(request.params.id, transferTo), 'Staff member removed');
    },
  );

  // Which roles a person may invite is checked by the invitations themselves.
  app.post(
    '/invitations',
    {
      config: { action: 'staff.list' },
      schema: { body: invitationInputSchema, response: invitation },
    },
    async (request) =>
      ok(
        await invitations.invite(actor(request), validate(invitationInputSchema, request.body)),
        'Invitation sent',
      ),
  );
  app.post<{ Params: IdParams }>(
    '/invitations/:id/resend',
    { config: { action: 'staff.list' }, schema: { params: idParams, response: invitation } },
    async (request) =>
      ok(await invitations.resend(actor(request), request.params.id), 'Invitation sent again'),
  );
  app.delete<{ Params: IdParams }>(
    '/invitations/:id',
    { config: { action: 'staff.list' }, schema: { params: idParams, response: invitation } },
    async (request) =>
      ok(await invitations.revoke(actor(request), request.params.id), 'Invitation revoked'),
  );
}

/**
 * POST /auth/invitation/accept (open): the invited person sets their name and password and is
 * signed in, as a login answers (cookies included).
 */
export async function invitationAcceptRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ContractTypeProvider>();
  const site = app.config;
  app.addHook('onRequest', async (request) => {
    if (!isTrustedOrigin(request.headers.origin, request.host, site)) {
      throw new DomainError('FORBIDDEN', 'Requests from this origin are not allowed');
    }
  });
  app.post(
    '/invitation/accept',
    { schema: { body: acceptInvitationSchema, response: answers(loginDataSchema) } },
    async (request, reply) => {
      const input = validate(acceptInvitationSchema, request.body);
      const id = await app.services.invitations.accept(input);
      const session = await app.services.auth.signInProven(id);
      setSessionCookies(reply, session, site);
      return ok(session, 'Welcome to the staff');
    },
  );
}
