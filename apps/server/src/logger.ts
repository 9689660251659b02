import type { FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';

/**
 * Readable, coloured lines for a person at a terminal; one JSON object per line for everything
 * else (files, pipes, log collectors), which is what pino writes by default.
 */
export function loggerOptions(level: string, terminal: boolean): FastifyServerOptions['logger'] {
  if (!terminal || level === 'silent') return { level };
  return {
    level,
    // In the main thread and synchronous: a terminal keeps up, and nothing is lost on exit.
    stream: pretty({
      colorize: true,
      sync: true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname',
      singleLine: true,
    }),
  };
}
