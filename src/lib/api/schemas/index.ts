export * from './agent.ts';
export * from './authentication.ts';
export * from './user.ts';
export * from './frames.ts';
export * from './config.ts';
