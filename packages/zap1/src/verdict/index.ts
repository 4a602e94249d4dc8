/**
 * The verdict on what a person holds (a receipt or a bundle, perhaps the file): receipts, the service
 * history, the judgement and the whole verification the app and the command line share.
 */
export * from './anchor-history.js';
export * from './anchor-verdict.js';
export * from './receipt.js';
export * from './receipt-document.js';
export * from './service-reader.js';
export * from './verify-claim.js';
export * from './pair-documents.js';
