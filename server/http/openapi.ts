/**
 * This service's OpenAPI document, generated from the zod schemas the routes parse their input
 * with and type their output by, so the document cannot drift from the code.
 */
import { z } from 'zod';
import { ErrorBodySchema } from './errors.js';

export interface RouteDoc {
  method: 'get' | 'post' | 'delete';
  /** OpenAPI form, e.g. `/verify/{leaf}/check`. */
  path: string;
  summary: string;
  description?: string;
  auth?: 'bearer' | 'optional-bearer';
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: { contentType: string; schema: z.ZodType }[];
  /** Status → schema (undefined: no JSON body). Error statuses use the shared error schema. */
  responses: Record<number, { description: string; schema?: z.ZodType; headers?: Record<string, string> }>;
}

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): unknown {
  return z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' });
}

function parameters(where: 'path' | 'query', obj: z.ZodObject | undefined): unknown[] {
  if (!obj) return [];
  return Object.entries(obj.shape).map(([name, field]) => {
    const schema = schemaOf(field, 'input');
    return {
      name,
      in: where,
      required: where === 'path' || !field.safeParse(undefined).success,
      schema,
    };
  });
}

export function buildOpenApi(docs: readonly RouteDoc[], info: { version: string }): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const doc of docs) {
    const responses: Record<string, unknown> = {};
    for (const [status, r] of Object.entries(doc.responses)) {
      const isError = Number(status) >= 400;
      const schema = r.schema ?? (isError ? ErrorBodySchema : undefined);
      responses[status] = {
        description: r.description,
        ...(r.headers
          ? {
              headers: Object.fromEntries(
                Object.entries(r.headers).map(([h, d]) => [
                  h,
                  { description: d, schema: { type: 'string' } },
                ]),
              ),
            }
          : {}),
        ...(schema ? { content: { 'application/json': { schema: schemaOf(schema, 'output') } } } : {}),
      };
    }
    const operation: Record<string, unknown> = {
      summary: doc.summary,
      ...(doc.description ? { description: doc.description } : {}),
      parameters: [...parameters('path', doc.params), ...parameters('query', doc.query)],
      responses,
      ...(doc.auth === 'bearer' ? { security: [{ bearerAuth: [] }] } : {}),
      ...(doc.auth === 'optional-bearer' ? { security: [{}, { bearerAuth: [] }] } : {}),
      ...(doc.body
        ? {
            requestBody: {
              required: true,
              content: Object.fromEntries(
                doc.body.map((b) => [b.contentType, { schema: schemaOf(b.schema, 'input') }]),
              ),
            },
          }
        : {}),
    };
    (paths[doc.path] ??= {})[doc.method] = operation;
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'ZAP1 attestation anchoring service',
      version: info.version,
      description:
        'Records attestation events as ZAP1 Merkle leaves, anchors roots in Zcash shielded memos, and serves proofs. Errors are JSON {"error": {"code", "message", "fields"?}}.',
    },
    paths,
    components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
  };
}
