/**
 * Loaded with `node --import` into a second server of a browser test: that process's clock runs
 * `E2E_CLOCK_AHEAD_MS` ahead of the machine's, so the test reads the site as it will be then
 * (a scheduled article public at its time) without waiting for it. Test support only: the
 * server itself knows nothing of it.
 */
const ahead = Number(process.env.E2E_CLOCK_AHEAD_MS ?? 0);
const MachineDate = Date;

class AheadDate extends MachineDate {
  constructor(...args) {
    if (args.length === 0) super(MachineDate.now() + ahead);
    else super(...args);
  }

  static now() {
    return MachineDate.now() + ahead;
  }
}

globalThis.Date = AheadDate;
