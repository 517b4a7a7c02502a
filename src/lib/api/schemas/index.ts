export * from './agent.ts';
export * from './authentication.ts';
export * from './users.ts';
export * from './frames.ts';
export * from './config.ts';
