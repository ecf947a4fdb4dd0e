#!/usr/bin/env node
// The command line is written in TypeScript; tsx (a runtime dependency) compiles it on the fly,
// so `npx riichi-lens` works straight after `npm ci` with no build step.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
