/**
 * zap1/testing: what the repository's tests build on (genuine and edited bundles, receipts, chain
 * evidence made with the library's own codec, the ZAP1 and Zcash test vectors, a hostile server,
 * running the command line). Not shipped: it resolves only under the `zap1-source` condition, in the
 * repository, where the package is read from its sources.
 */
export * from './bundles.js';
export * from './chain-evidence.js';
export * from './vectors.js';
export * from './hostile-server.js';
export * from './child-output.js';
export * from './cli-run.js';
export * from './merkle-reference.js';
