// The browser suite in two lanes (tools/test.sh): `--shard=1/2` runs once the builds are done,
// beside the API suite; `--shard=2/2` runs the files named here once the API suite is done, so both
// cores work until the end. A new file goes to the first lane; move a long one here when the
// second lane ends much earlier (each lane prints its time).
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

// Measured on a clean clone (3 Dec): the first lane's files ended at 1,204 s, the API suite at
// 1,434 s; accessibility (78 s) fits in that gap, so none waits for the API suite today.
const AFTER_THE_API_SUITE = [];

class LaneSequencer extends Sequencer {
  shard(tests, { shardIndex, shardCount }) {
    if (shardCount !== 2) return super.shard(tests, { shardIndex, shardCount });
    const late = (test) => AFTER_THE_API_SUITE.includes(path.basename(test.path, '.e2e.ts'));
    return tests.filter((test) => late(test) === (shardIndex === 2));
  }
}

module.exports = LaneSequencer;
