#!/usr/bin/env node
// The CLI is TypeScript run through tsx: register the loader, then hand over to the real entry point.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
