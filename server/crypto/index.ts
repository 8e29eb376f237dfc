export * from './aes.ts';
export * from './envelope.ts';
export * from './errors.ts';
export * from './pem.ts';
export * from './replay-guard.ts';
export * from './rsa.ts';
