/**
 * Writes each jest run's totals to .test-results/<project>-<suite>.json, so `npm test` can print one
 * plain "N passed, N failed" line for the whole workspace, and, last, what each failure said (the
 * log of a long parallel run keeps only its end, where jest's own failure summaries may not be).
 */
const { mkdirSync, writeFileSync } = require('node:fs');
const { join, relative } = require('node:path');

class SummaryReporter {
  constructor(globalConfig, options) {
    this.globalConfig = globalConfig;
    this.suite = (options && options.suite) || 'unit';
  }

  onRunComplete(_contexts, results) {
    const root = join(__dirname, '..', '..');
    const name = relative(root, this.globalConfig.rootDir).replace(/[\\/]/g, '-') || 'root';
    const suite = this.suite;
    const dir = join(root, '.test-results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, `${name}-${suite}.json`),
      JSON.stringify({
        project: name,
        suite,
        passed: results.numPassedTests,
        failed: results.numFailedTests,
        skipped: results.numPendingTests + results.numTodoTests,
        failedSuites: results.numFailedTestSuites,
        runtimeErrorSuites: results.numRuntimeErrorTestSuites,
        failures: failuresOf(root, results),
      }),
    );
  }
}

/** Each failed test (or suite that could not run): where, which, and its message without the stack. */
function failuresOf(root, results) {
  const failures = [];
  for (const file of results.testResults) {
    const where = relative(root, file.testFilePath);
    if (file.testExecError)
      failures.push({
        where,
        title: '(the suite did not run)',
        message: brief(file.failureMessage),
      });
    for (const test of file.testResults)
      if (test.status === 'failed')
        failures.push({
          where,
          title: test.fullName,
          message: brief(test.failureMessages.join('\n')),
        });
  }
  return failures;
}

/** The message's first lines, up to where the stack begins; at most 2,000 characters. */
function brief(message) {
  const lines = String(message ?? '').split('\n');
  const stack = lines.findIndex((line) => /^\s+at /.test(line));
  return (stack === -1 ? lines : lines.slice(0, stack)).join('\n').trim().slice(0, 2000);
}

module.exports = SummaryReporter;
