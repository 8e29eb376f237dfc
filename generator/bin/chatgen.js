#!/usr/bin/env node
// Entry point of the chatgen CLI: registers tsx so the TypeScript sources run without a build step.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
