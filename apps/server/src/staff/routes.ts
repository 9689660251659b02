import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  acceptInvitationSchema,
  invitationDtoSchema,
  invitationInputSchema,
  loginDataSchema,
  staffDtoSchema,
  staffRefSchema,
  staffRemovalSchema,
  staffUpdateSchema,
} from '@newsroom/contract';
import { signedInActor } from '../auth/admin-guard.ts';
import { setSessionCookies } from '../auth/cookies.ts';
import { signInClient } from '../auth/sign-in-client.ts';
import { ok } from '../http/envelope.ts';
import {
  answers,
  idParams,
  type ContractTypeProvider,
  type IdParams,
} from '../http/route-schemas.ts';
import { validate } from '../http/validate.ts';
import { refuseUntrustedOrigins } from '../security/origins.ts';

/** /staff: the staff screen's calls (newsroom API, Staff and invitations); behind the guard. */
export async function staffRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ContractTypeProvider>();
  const { staff, invitations } = app.services;
  const one = answers(staffDtoSchema);
  const invitation = answers(invitationDtoSchema);

  app.get(
    '',
    {
      config: { action: 'staff.list' },
      schema: {
        response: answers(z.array(staffDtoSchema), { invitations: z.array(invitationDtoSchema) }),
      },
    },
    async (request) => {
      const viewer = signedInActor(request);
      const [people, pending] = await Promise.all([
        staff.list(viewer),
        invitations.pending(viewer),
      ]);
      return ok(people, 'Staff fetched successfully', { invitations: pending });
    },
  );
  // Who may be named an author of an article: the editor's picker (decision 103).
  app.get(
    '/authors',
    {
      config: { action: 'content.read' },
      schema: { response: answers(z.array(staffRefSchema)) },
    },
    async () => ok(await staff.authors(), 'Staff fetched successfully'),
  );
  app.put<{ Params: IdParams }>(
    '/:id',
    {
      config: { action: 'staff.manage' },
      schema: { params: idParams, body: staffUpdateSchema, response: one },
    },
    async (request) =>
      ok(
        await staff.update(
          signedInActor(request),
          request.params.id,
          validate(staffUpdateSchema, request.body),
        ),
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
      return ok(
        await staff.remove(signedInActor(request), request.params.id, transferTo),
        'Staff member removed',
      );
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
        await invitations.invite(
          signedInActor(request),
          validate(invitationInputSchema, request.body),
        ),
        'Invitation sent',
      ),
  );
  app.post<{ Params: IdParams }>(
    '/invitations/:id/resend',
    { config: { action: 'staff.list' }, schema: { params: idParams, response: invitation } },
    async (request) =>
      ok(
        await invitations.resend(signedInActor(request), request.params.id),
        'Invitation sent again',
      ),
  );
  app.delete<{ Params: IdParams }>(
    '/invitations/:id',
    { config: { action: 'staff.list' }, schema: { params: idParams, response: invitation } },
    async (request) =>
      ok(await invitations.revoke(signedInActor(request), request.params.id), 'Invitation revoked'),
  );
}

/**
 * POST /auth/invitation/accept (open): the invited person sets their name and password and is
 * signed in, as a login answers (cookies included).
 */
export async function invitationAcceptRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ContractTypeProvider>();
  const site = app.config;
  refuseUntrustedOrigins(app, site);
  app.post(
    '/invitation/accept',
    { schema: { body: acceptInvitationSchema, response: answers(loginDataSchema) } },
    async (request, reply) => {
      const input = validate(acceptInvitationSchema, request.body);
      const id = await app.services.invitations.accept(input, request.ip);
      const session = await app.services.auth.signInProven(id, signInClient(request));
      setSessionCookies(reply, session, site);
      return ok(session, 'Welcome to the staff');
    },
  );
}
