// A node:test reporter that writes the run's counts as JSON ({ numPassedTests, numFailedTests }), the shape
// scripts/test.mjs reads from Jest and Vitest too.
export default async function* countReporter(source) {
  let passed = 0;
  let failed = 0;
  for await (const event of source) {
    // Suites report too; only leaf tests count.
    if (event.type === 'test:pass' && event.data.details?.type !== 'suite') passed += 1;
    if (event.type === 'test:fail' && event.data.details?.type !== 'suite') failed += 1;
  }
  yield JSON.stringify({ numPassedTests: passed, numFailedTests: failed });
}
