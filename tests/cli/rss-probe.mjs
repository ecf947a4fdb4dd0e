// Loaded with `node --import` ahead of bin/riichi-lens.mjs by tests/cli/bad-inputs.test.ts: when the command line
// exits, its peak resident memory (KB) is written to file descriptor 3, which the test opened as a pipe.
// Nothing else changes: stdout, stderr and the exit status are the command's own.
import { writeSync } from 'node:fs';

process.on('exit', () => {
  try {
    writeSync(3, JSON.stringify({ maxRssKb: process.resourceUsage().maxRSS }));
  } catch {
    // fd 3 not open: run by hand
  }
});
