/**
 * zap1: the ZAP1 client, verifier and memo decoder. Runs in browsers, Node 20+, Deno and workers:
 * no React, no DOM-only and no Node-only APIs (the `fetch` of the platform, or one given).
 *
 * The protocol library is the one the service proves with and the web app verifies with (src/core);
 * the schemas are the ones the web app checks answers with (src/wire).
 */
export * from '../../../src/core/index.js';
export * from '../../../src/wire/index.js';
export { httpServiceReader } from '../../../src/api/service-reader.js';
export { createClient, type EventsQuery, type LifecyclePage, type Page, type Zap1Client } from './client.js';
export type { CallOptions, ClientOptions } from './request.js';
export {
  NOT_ZAP1,
  Zap1Error,
  errorOfAnswer,
  looksLikeHtml,
  readAnswerBody,
  unexpectedShape,
  type AnswerBody,
  type Zap1ErrorInit,
} from './errors.js';
export { nextLinkPath } from './paging.js';
// Takes hex as well as bytes; shadows the bytes-only `decodeMemo` of src/core re-exported above.
export { decodeMemo } from './memo.js';
