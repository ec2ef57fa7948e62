/**
 * Runs the suite's specs in the usual order, but the contracts spec last: it checks every event the
 * other specs made the platform publish against the topics' schemas.
 */
const Sequencer = require('@jest/test-sequencer').default;

module.exports = class ContractsLast extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    const last = (test) => test.path.endsWith('contracts.e2e.spec.ts');
    return [...sorted.filter((test) => !last(test)), ...sorted.filter(last)];
  }
};
