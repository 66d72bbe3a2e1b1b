// The test environment of every file: Node's, plus the log lines of the app under test kept per test
// and printed only when that test fails, so a run prints its results and the logs of its failures.
// `test/support/test-logs.ts` writes the app's lines into `globalThis.__testLogs`.
const { TestEnvironment } = require('jest-environment-node');

class LogsOfFailuresEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.testPath = context.testPath;
    this.global.__testLogs = [];
  }

  handleTestEvent(event) {
    const lines = this.global.__testLogs;
    if (event.name === 'test_start' || event.name === 'run_start') lines.length = 0;
    const failed =
      (event.name === 'test_done' && event.test.errors.length > 0) || (event.name === 'hook_failure' && ['beforeAll', 'afterAll'].includes(event.hook.type));
    if (failed && lines.length > 0) {
      const name = event.test ? fullName(event.test) : `${event.hook.type} of ${this.testPath}`;
      process.stderr.write(`\nThe app's log while "${name}" failed:\n${lines.join('')}\n`);
      lines.length = 0;
    }
  }
}

/** "describe › test", as Jest prints it. */
function fullName(test) {
  const names = [];
  for (let block = test; block && block.name !== 'ROOT_DESCRIBE_BLOCK'; block = block.parent) names.unshift(block.name);
  return names.join(' › ');
}

module.exports = LogsOfFailuresEnvironment;
