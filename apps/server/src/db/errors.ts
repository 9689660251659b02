/** True when the error is a unique-constraint violation on either database. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/** True when the error is a foreign-key violation on either database. */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

/** Socket-level failures: the database server is down, restarting or unreachable. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL states that mean "come back later": class 08 (connection exception), 57P01-57P03
 * (admin or crash shutdown, starting up) and 53300 (too many connections).
 */
const POSTGRES_UNAVAILABLE = /^(08\w{3}|57P0[123]|53300)$/;

/** What pg and pg-pool say when a connection dies or cannot be had in time. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'not queryable',
  'Client was closed',
];

function isUnavailableCode(code: unknown): boolean {
  if (typeof code !== 'string') return false;
  // SQLite answers BUSY/LOCKED (and their extended codes) once busy_timeout has run out.
  return (
    NETWORK_CODES.has(code) ||
    POSTGRES_UNAVAILABLE.test(code) ||
    code.startsWith('SQLITE_BUSY') ||
    code.startsWith('SQLITE_LOCKED')
  );
}

/**
 * True when the error means the database cannot answer right now (connection refused or lost,
 * server shutting down or starting, SQLite busy) rather than that the request was wrong. Such a
 * request changed nothing and may be retried. Looks through `cause` and aggregated errors, since
 * Node reports a refused connection to every address of a host as one AggregateError.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 4) return false;
  if (isUnavailableCode((error as { code?: unknown }).code)) return true;
  if (DRIVER_MESSAGES.some((text) => error.message.includes(text))) return true;
  const nested = error instanceof AggregateError ? error.errors : [];
  return [error.cause, ...nested].some((inner) => isDatabaseUnavailable(inner, depth + 1));
}
