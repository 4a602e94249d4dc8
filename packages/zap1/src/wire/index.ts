/**
 * The wire shapes of the ZAP1 HTTP interface as zod schemas, one place for the web app
 * (src/api) and the installable client (packages/zap1) to validate answers with.
 */
export * from './keys.js';
export * from './events.js';
export * from './verify.js';
export * from './service.js';
export * from './anchor.js';
export * from './lifecycle.js';
export * from './memo.js';
export * from './evidence.js';
export * from './webhooks.js';
export * from './errors.js';
