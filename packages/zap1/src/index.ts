/**
 * zap1: the ZAP1 protocol, the Zcash chain codec and chain evidence, the verdict logic the web app and
 * the command line share, the wire schemas and the typed client. Runs in browsers, Node 20+, Deno
 * and workers: no React, no DOM-only and no Node-only APIs (the `fetch` of the platform, or one given).
 */
export * from './protocol/index.js';
export * from './chain/index.js';
export * from './evidence/index.js';
export * from './verdict/index.js';
export * from './wire/index.js';
export * from './client/index.js';
