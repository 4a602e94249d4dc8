/**
 * The one error shape of the service (docs/architecture.md decision 1 and "Errors"):
 * `{"error": {"code", "message", "fields"?}}`. Handlers throw `ApiError`; the app's error handler
 * maps everything else, so a 500 never leaks internals.
 */
import { z } from 'zod';
import { AnchorLeaseLostError, isStoreBusy, STORE_BUSY_RETRY_AFTER_S } from '../store/store.js';
import { REQUEST_ENCODINGS } from './compression.js';

export interface FieldError {
  field: string;
  message: string;
}

export type ErrorCode =
  | 'invalid_json'
  | 'unsupported_media_type'
  | 'payload_too_large'
  | 'validation_failed'
  | 'unknown_field'
  | 'invalid_hex'
  | 'unauthorized'
  | 'key_expired'
  | 'quota_exhausted'
  | 'forbidden'
  /** 403: WALLET_WRITES=first-key and another key first wrote to this wallet. */
  | 'wallet_key_mismatch'
  /** 403: a browser page on another site asked for a trial key (server/http/cross-site.ts). */
  | 'cross_site_request'
  | 'not_found'
  | 'rate_limited'
  | 'conflict'
  | 'chain_unavailable'
  /** 503: the database cannot be read (/health), or is held by another process (Retry-After). */
  | 'store_unavailable'
  /** 408: the request did not arrive within the request timeout (server/http/connections.ts). */
  | 'request_timeout'
  /** 431: the headers are larger than the HTTP parser accepts. */
  | 'headers_too_large'
  /** 417: an Expect header other than 100-continue. */
  | 'expectation_failed'
  /** 400: the HTTP parser refused the request line or a header. */
  | 'malformed_request'
  /** 405: the path exists for another method (the answer names it in `Allow`). */
  | 'method_not_allowed'
  /** 412: an app file asked for with If-Match or If-Unmodified-Since that it does not meet. */
  | 'precondition_failed'
  /** 416: a byte range past the end of one of the app's files (Content-Range names its length). */
  | 'range_not_satisfiable'
  /** 502: a manually recorded anchor's transaction is not (yet) confirmed by the node. */
  | 'not_confirmed'
  /** 502 (proxy mode): the upstream ZAP1 service could not be reached. */
  | 'upstream_unreachable'
  /** 504 (proxy mode): the upstream did not start answering within UPSTREAM_TIMEOUT_MS. */
  | 'upstream_timeout'
  /** 502 (proxy mode): the upstream answered with something not JSON, an SVG badge or a plain-text error. */
  | 'upstream_unexpected'
  | 'internal';

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldError[],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  }),
});

export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export function errorBody(error: ApiError): ErrorBody {
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(error.fields ? { fields: error.fields } : {}),
    },
  };
}

/** How much of a field name the client invented an error shows: an answer never grows with it. */
const FIELD_NAME_SHOWN = 64;

/** `name` as an error names an unknown field: at most FIELD_NAME_SHOWN characters, then `…`. */
export const shownFieldName = (name: string): string =>
  name.length > FIELD_NAME_SHOWN ? `${name.slice(0, FIELD_NAME_SHOWN)}…` : name;

export const badRequest = (field: string, message: string): ApiError =>
  new ApiError(400, 'validation_failed', `${field}: ${message}`, [{ field, message }]);

export const notFound = (message: string): ApiError => new ApiError(404, 'not_found', message);

/** Maps Fastify's own errors (parsing, limits, routing) and anything unexpected to an ApiError. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof AnchorLeaseLostError) {
    // This instance stopped anchoring between the question and the write; another one anchors now.
    return new ApiError(
      503,
      'store_unavailable',
      'Anchoring moved to another instance; retry shortly.',
      undefined,
      {
        'Retry-After': String(STORE_BUSY_RETRY_AFTER_S),
      },
    );
  }
  if (isStoreBusy(error)) {
    return new ApiError(
      503,
      'store_unavailable',
      'The database is busy; nothing was changed. Retry shortly.',
      undefined,
      {
        'Retry-After': String(STORE_BUSY_RETRY_AFTER_S),
      },
    );
  }
  const code = readString(error, 'code');
  const status = readNumber(error, 'statusCode');
  switch (code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, 'payload_too_large', 'The request body is larger than 64 KiB.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(415, 'unsupported_media_type', 'Send the body as application/json.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError(400, 'invalid_json', 'The body is empty; send a JSON object.');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ApiError(400, 'invalid_json', 'The body is not valid JSON.');
    case 'FST_CP_ERR_INVALID_CONTENT_ENCODING':
      return new ApiError(
        415,
        'unsupported_media_type',
        `Unsupported Content-Encoding; send the body as it is, or with ${REQUEST_ENCODINGS.filter((e) => e !== 'identity').join(', ')}.`,
      );
    case 'FST_CP_ERR_INVALID_CONTENT':
      return new ApiError(400, 'invalid_json', 'The body does not decompress with its Content-Encoding.');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError(400, 'invalid_json', 'The Content-Length header does not match the body.');
    default:
      break;
  }
  // Fastify's JSON parser throws a SyntaxError with statusCode 400 (also for __proto__ keys).
  if (error instanceof SyntaxError && status === 400) {
    return new ApiError(400, 'invalid_json', 'The body is not valid JSON.');
  }
  if (status !== undefined && status >= 400 && status < 500) {
    if (status === 404) return notFound('No such resource.');
    if (status === 413) return new ApiError(413, 'payload_too_large', 'The request is too large.');
    if (status === 415) return new ApiError(415, 'unsupported_media_type', 'Unsupported content type.');
    if (status === 412) {
      return new ApiError(412, 'precondition_failed', "The file does not match the request's If- headers.");
    }
    if (status === 416) {
      // The file's length, as RFC 9110 asks of a 416 (the static file server names it on the error).
      const contentRange = readString(readField(error, 'headers'), 'Content-Range');
      return new ApiError(
        416,
        'range_not_satisfiable',
        'The requested range is outside the file.',
        undefined,
        contentRange === undefined ? undefined : { 'Content-Range': contentRange },
      );
    }
    if (status === 429) return new ApiError(429, 'rate_limited', 'Too many requests; retry later.');
    // E.g. an app path with dot segments or a NUL byte, which the file server refuses.
    return badRequest('path', 'The path cannot be served: it has dot segments or a NUL byte.');
  }
  return new ApiError(500, 'internal', 'Internal error; the request was not completed. Retry later.');
}

function readField(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null || !(key in value)) return undefined;
  return Reflect.get(value, key);
}

function readString(value: unknown, key: string): string | undefined {
  const v = readField(value, key);
  return typeof v === 'string' ? v : undefined;
}

function readNumber(value: unknown, key: string): number | undefined {
  const v = readField(value, key);
  return typeof v === 'number' ? v : undefined;
}
