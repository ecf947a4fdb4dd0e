// What a command run in-process prints: console.log (its stdout) and console.error (its stderr), line by line.
// Restored after each test (vi.restoreAllMocks in the caller's afterEach).
import { vi } from 'vitest';

export function captureConsole(): { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void err.push(a.join(' ')));
  return { out, err };
}
