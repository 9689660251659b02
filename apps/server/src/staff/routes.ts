import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { staffDtoSchema, staffRemovalSchema, staffUpdateSchema } from '@newsroom/contract';
import { signedInAdmin } from '../auth/admin-guard.ts';
import { ok } from '../http/envelope.ts';
import {
  answers,
  idParams,
  type ContractTypeProvider,
  type IdParams,
} from '../http/route-schemas.ts';
import { validate } from '../http/validate.ts';

/** /staff: the staff screen's calls (newsroom API, Staff and invitations). */
export async function staffRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ContractTypeProvider>();
  const staff = app.services.staff;
  const one = answers(staffDtoSchema);

  app.get(
    '',
    { config: { action: 'staff.list' }, schema: { response: answers(z.array(staffDtoSchema)) } },
    async (request) => {
      const { id, role } = signedInAdmin(request);
      return ok(await staff.list({ id, role }), 'Staff fetched successfully');
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
}
