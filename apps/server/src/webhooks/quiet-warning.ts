/** What a warning is said through. */
export interface WarningLog {
  warn(details: object, message: string): void;
}

/**
 * A warning for a failure that repeats while its cause lasts (the database away fails every round
 * until it is back): said once a minute at most.
 */
export function quietWarning(log: WarningLog, message: string): (error: unknown) => void {
  let saidAt = 0;
  return (error) => {
    const now = Date.now();
    if (now - saidAt < 60_000) return;
    saidAt = now;
    log.warn({ err: error }, message);
  };
}
