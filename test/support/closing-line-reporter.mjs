// Prints the plain closing line CI reads ('N passed, N failed, N skipped'), which Jest's own
// summary does not spell that way.
export default class ClosingLineReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    process.stdout.write(`\njest: ${results.numPassedTests} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
