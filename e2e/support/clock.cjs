// Loaded into the portal's process (NODE_OPTIONS=--require) by suites that need another hour of
// the day: the door accounts work only on the gala's night. The clock is shifted by the
// milliseconds written in the file PORTAL_TEST_CLOCK_FILE names (none or unreadable: no shift), so
// a test can move it while the portal runs. Nothing of the portal's own code knows about it.
const { readFileSync } = require('node:fs');

const file = process.env.PORTAL_TEST_CLOCK_FILE;
if (file) {
  const RealDate = Date;
  const offset = () => {
    try {
      return Number(readFileSync(file, 'utf8')) || 0;
    } catch {
      return 0;
    }
  };
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offset());
      else super(...args);
    }
    static now() {
      return RealDate.now() + offset();
    }
  }
  globalThis.Date = ShiftedDate;
}
