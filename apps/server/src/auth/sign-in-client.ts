import type { FastifyRequest } from 'fastify';
import type { SignInClient } from './sessions.ts';

/** Where a sign-in request comes from: its client address (TRUST_PROXY) and its User-Agent. */
export function signInClient(request: FastifyRequest): SignInClient {
  const agent = request.headers['user-agent'];
  return { address: request.ip, agent: typeof agent === 'string' ? agent : '' };
}
