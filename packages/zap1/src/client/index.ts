/**
 * The typed client of a ZAP1 service (one method per endpoint, answers checked with the wire
 * schemas), the reader a verifier asks a service through, and the bounded answer reading both use.
 */
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
export { httpServiceReader, type ServiceReaderOptions } from './http-service-reader.js';
export * from './bounded-body.js';
