// The pure helpers of the UDID flow, one file per topic; this file re-exports them so callers
// outside the module (app.ts, the tests) keep one import.
export * from './udid.ts';
export * from './challenge.ts';
export * from './profile.ts';
export * from './answer.ts';
export * from './builds.ts';
export * from './user-agent.ts';
export * from './models.ts';
export * from './sync.ts';
