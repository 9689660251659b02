import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  IMAGE_MESSAGES,
  emailChangeSchema,
  emailChangeVerifySchema,
  emailDataSchema,
  meSchema,
  profileUpdateSchema,
} from '@newsroom/contract';
import { signedInAdmin } from '../auth/admin-guard.ts';
import { DomainError } from '../domain/errors.ts';
import { ok } from '../http/envelope.ts';
import { answers, type ContractTypeProvider } from '../http/route-schemas.ts';
import { validate } from '../http/validate.ts';
import { imageError, type NewsImage } from '../media/image.ts';
import { formReadError } from '../news/form-errors.ts';
import { THROTTLES } from '../security/throttle.ts';

const picture = z.file().optional().describe('multipart only: the picture (at most 500 KB)');

/** A profile form: JSON, or multipart with the picture in `picture` and the rest as text. */
async function readProfileInput(
  request: FastifyRequest,
): Promise<{ fields: Record<string, unknown>; picture: NewsImage | null }> {
  if (!request.isMultipart()) {
    const body = request.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body)) {
      throw new DomainError('BAD_REQUEST', 'The request body must be a JSON object or a form');
    }
    return { fields: { ...body }, picture: null };
  }
  const fields: Record<string, unknown> = {};
  let image: NewsImage | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'picture') {
          throw new DomainError('BAD_REQUEST', 'Send the picture as the file field "picture"');
        }
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw imageError(IMAGE_MESSAGES.tooLarge);
        if (bytes.length > 0 || part.filename) image = { bytes };
      } else {
        const previous = fields[part.fieldname];
        fields[part.fieldname] =
          previous === undefined
            ? part.value
            : Array.isArray(previous)
              ? [...(previous as unknown[]), part.value]
              : [previous, part.value];
      }
    }
  } catch (error) {
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw imageError(IMAGE_MESSAGES.tooLarge);
    }
    throw formReadError(error);
  }
  return { fields, picture: image };
}

/**
 * /auth/me (write) and the change of e-mail address: each person's own profile (decision 104),
 * behind the guard as the `account` action. `GET /auth/me` is in auth/account-routes.ts.
 */
export async function profileRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ContractTypeProvider>();
  const { profiles, auth } = app.services;

  app.put(
    '/me',
    {
      schema: {
        consumes: ['multipart/form-data', 'application/json'],
        body: profileUpdateSchema.extend({ picture }),
        response: answers(meSchema),
      },
    },
    async (request) => {
      const admin = signedInAdmin(request);
      const input = await readProfileInput(request);
      await profiles.update(
        admin.id,
        validate(profileUpdateSchema, input.fields),
        input.picture,
        request.ip,
      );
      return ok(await auth.me(admin), 'Profile saved');
    },
  );

  const data = answers(emailDataSchema);
  app.post(
    '/me/email',
    { schema: { body: emailChangeSchema, response: data } },
    async (request) => {
      const admin = signedInAdmin(request);
      const input = validate(emailChangeSchema, request.body);
      // The password is asked again: guesses are held to the password change's throttle.
      await app.throttle.consume([THROTTLES.passwordChangePerAccount, admin.id]);
      const answer = await profiles.requestEmailChange(admin.id, input);
      await app.throttle.reset(THROTTLES.passwordChangePerAccount, admin.id);
      return ok(answer, `We sent a code to ${answer.email}: enter it to use this address`);
    },
  );
  app.post(
    '/me/email/verify',
    { schema: { body: emailChangeVerifySchema, response: data } },
    async (request) => {
      const admin = signedInAdmin(request);
      const { code } = validate(emailChangeVerifySchema, request.body);
      return ok(
        await profiles.confirmEmail(admin.id, code, request.ip),
        'Your e-mail address is changed: sign in with it from now on',
      );
    },
  );
}
