export * from './authorise.ts';
export * from './broker.ts';
export * from './frames.ts';
export * from './revocation.ts';
export * from './session.ts';
export * from './stomp-server.ts';
