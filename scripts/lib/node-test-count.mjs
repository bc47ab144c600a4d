// A node:test reporter that writes the run's counts and failures as JSON, in the shape scripts/test.mjs reads
// from Jest and Vitest too: { numPassedTests, numFailedTests, testResults: [{ name, assertionResults }] }.
export default async function* countReporter(source) {
  let passed = 0;
  let failed = 0;
  const byFile = new Map();
  for await (const event of source) {
    // Suites report too; only leaf tests count.
    if (event.data?.details?.type === 'suite') continue;
    if (event.type === 'test:pass') passed += 1;
    if (event.type === 'test:fail') {
      failed += 1;
      const file = event.data.file ?? '';
      const error = event.data.details?.error;
      const message = error?.cause?.message ?? error?.message ?? String(error ?? '');
      if (!byFile.has(file)) byFile.set(file, []);
      byFile.get(file).push({ status: 'failed', fullName: event.data.name, failureMessages: [message] });
    }
  }
  const testResults = [...byFile].map(([name, assertionResults]) => ({ name, status: 'failed', assertionResults }));
  yield JSON.stringify({ numPassedTests: passed, numFailedTests: failed, testResults });
}
