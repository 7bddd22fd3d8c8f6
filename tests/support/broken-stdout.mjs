// Preloaded into a CLI process by a test: writing to stdout throws, a fault inside the suite's own
// code that no user input causes, so the test sees how the CLI ends on an internal error.
process.stdout.write = () => {
  throw new TypeError('injected fault: stdout cannot be written');
};
