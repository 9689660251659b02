import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { previewInputSchema, previewLinkSchema, previewRowSchema } from '@newsroom/contract';
import { signedInActor } from '../auth/admin-guard.ts';
import { ok } from '../http/envelope.ts';
import {
  answers,
  idParams,
  type ContractTypeProvider,
  type IdParams,
} from '../http/route-schemas.ts';
import { validate } from '../http/validate.ts';
import type { PreviewService } from './service.ts';

const previewParams = idParams.extend({ previewId: z.string() });
type PreviewParams = z.infer<typeof previewParams>;

/** /news/{id}/previews: an article's preview links (decision 113); behind the admin guard. */
export function previewRoutes(previews: PreviewService) {
  return async (scope: FastifyInstance) => {
    const app = scope.withTypeProvider<ContractTypeProvider>();
    const action = { action: 'news.preview' } as const;
    const row = answers(previewRowSchema);

    app.post<{ Params: IdParams }>(
      '/:id/previews',
      {
        config: action,
        schema: {
          params: idParams,
          body: previewInputSchema,
          response: answers(previewLinkSchema),
        },
      },
      async (request) =>
        ok(
          await previews.create(
            request.params.id,
            validate(previewInputSchema, request.body),
            signedInActor(request),
          ),
          'Preview link made',
        ),
    );
    app.get<{ Params: IdParams }>(
      '/:id/previews',
      {
        config: action,
        schema: { params: idParams, response: answers(z.array(previewRowSchema)) },
      },
      async (request) =>
        ok(
          await previews.live(request.params.id, signedInActor(request)),
          'Preview links fetched successfully',
        ),
    );
    app.delete<{ Params: PreviewParams }>(
      '/:id/previews/:previewId',
      { config: action, schema: { params: previewParams, response: row } },
      async (request) =>
        ok(
          await previews.revoke(
            request.params.id,
            request.params.previewId,
            signedInActor(request),
          ),
          'Preview link revoked',
        ),
    );
  };
}
