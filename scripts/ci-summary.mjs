// Totals the JSON reports of every suite CI ran and exits non-zero if any test failed or a
// suite left no report. Prints "N passed, M failed" as its last line.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
const expected = ['sqlite', 'postgres', 'browser'];
let passed = 0;
let failed = 0;
let missing = 0;

for (const name of expected) {
  const file = path.join(dir, `${name}.json`);
  if (!fs.existsSync(file)) {
    console.log(`${name}: no report (the suite did not run to the end)`);
    missing += 1;
    continue;
  }
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  let p;
  let f;
  if (name === 'browser') {
    p = report.stats.expected + report.stats.flaky;
    f = report.stats.unexpected;
  } else {
    p = report.numPassedTests;
    f =
      report.numFailedTests +
      (report.numFailedTestSuites ?? 0) -
      countSuitesWithFailedTests(report);
  }
  console.log(`${name}: ${p} passed, ${f} failed`);
  passed += p;
  failed += f;
}

function countSuitesWithFailedTests(report) {
  return report.testResults.filter((r) => r.assertionResults.some((a) => a.status === 'failed'))
    .length;
}

failed += missing;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
