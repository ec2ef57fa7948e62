/**
 * Writes each jest run's totals to .test-results/<project>-<suite>.json, so `npm test` can print one
 * plain "N passed, N failed" line for the whole workspace.
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
      }),
    );
  }
}

module.exports = SummaryReporter;
