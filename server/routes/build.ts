/**
 * GET /build/info in the reference's shape (docs/reference-api.md 4.12), from the metadata written
 * at build time (server/build-info/). Where the reference describes a Rust build (Cargo.lock,
 * librustzcash) this says what the same evidence is here: package-lock.json and the built files.
 */
import { z } from 'zod';
import { isHex64 } from 'zap1';
import type { AppContext } from '../http/context.js';
import type { BuildMetadata } from '../build-info/build-metadata.js';

const HEX40 = /^[0-9a-f]{40}$/;
const IMAGE_ID = /^sha256:[0-9a-f]{64}$/;

export const BuildInfoSchema = z
  .object({
    version: z.string(),
    deployment: z.object({
      image_id: z.string().nullable(),
      image_id_present: z.boolean(),
      binding: z.string(),
    }),
    source: z.object({
      deployment_revision: z.string(),
      source_tree: z.string(),
      source_manifest_sha256: z.string(),
      source_manifest_verified: z.boolean(),
      public_evidence_revision: z.string(),
      public_evidence_url: z.string(),
      parity_scope: z.string(),
    }),
    build_assurance: z.object({
      metadata_available: z.boolean(),
      metadata_complete: z.boolean(),
      path_remapping: z.boolean().describe('No built file holds the absolute path it was built in'),
      cargo_locked: z
        .boolean()
        .describe(
          "The reference's name: here, the dependencies were installed exactly from package-lock.json",
        ),
      source_manifest_verified: z.boolean(),
      lock_file_verified: z.boolean(),
      bit_for_bit_reproduction: z.literal('not asserted'),
      note: z.string(),
    }),
    supply_chain: z.object({
      dependency_pinning: z.string(),
      lock_file: z.string(),
      verification: z.string(),
    }),
    build_metadata: z.record(z.string(), z.union([z.string(), z.boolean(), z.null()])),
  })
  .strict();

export const DEPLOYMENT_BINDING =
  'The deployment image ID is injected by the operator from docker image inspect and must be matched to the external build and deployment receipt. It is a deployment declaration, not remote attestation.';

export interface BuildInfoSource {
  version: string;
  metadata: BuildMetadata | null;
  /** `ZAP1_DEPLOYMENT_IMAGE_ID`, kept only when it is `sha256:` and 64 lowercase hex. */
  imageId: string | null;
  /** Template of a public link to a revision, `{rev}` replaced (BUILD_SOURCE_URL). */
  sourceUrlTemplate: string | null;
}

export function buildInfoBody(source: BuildInfoSource): z.infer<typeof BuildInfoSchema> {
  const m = source.metadata;
  const revision = m?.source_revision ?? null;
  const complete =
    m !== null &&
    HEX40.test(m.source_revision ?? '') &&
    HEX40.test(m.source_tree ?? '') &&
    isHex64(m.source_manifest_sha256) &&
    isHex64(m.lock_file_sha256) &&
    isHex64(m.build_sha256);
  const imageId = source.imageId !== null && IMAGE_ID.test(source.imageId) ? source.imageId : null;
  return {
    version: source.version,
    deployment: {
      image_id: imageId,
      image_id_present: imageId !== null,
      // The reference's fixed statement of what an image id is (its schema requires these words).
      binding: DEPLOYMENT_BINDING,
    },
    source: {
      deployment_revision: revision ?? 'unknown',
      source_tree: m?.source_tree ?? 'unknown',
      source_manifest_sha256: m?.source_manifest_sha256 ?? 'unknown',
      source_manifest_verified: m?.source_manifest_verified ?? false,
      public_evidence_revision: revision ?? 'unknown',
      public_evidence_url:
        revision !== null && source.sourceUrlTemplate !== null
          ? source.sourceUrlTemplate.replace('{rev}', revision)
          : 'not published',
      parity_scope:
        'an independent TypeScript implementation of the ZAP1 service API and protocol; not a build of the reference service',
    },
    build_assurance: {
      metadata_available: m !== null,
      metadata_complete: complete,
      path_remapping: m?.build_paths_relative ?? false,
      cargo_locked: m?.installed_from_lock_file ?? false,
      source_manifest_verified: m?.source_manifest_verified ?? false,
      lock_file_verified: isHex64(m?.lock_file_sha256),
      bit_for_bit_reproduction: 'not asserted',
      note:
        m === null
          ? 'No build metadata: this process runs from source, not from `npm run build`.'
          : 'build_sha256 covers every built file; rebuild a clean checkout of the revision with `npm ci && npm run build` to compare. cargo_locked is the reference name: here it means the dependencies were installed exactly from package-lock.json; path_remapping that no built file holds its build folder.',
    },
    supply_chain: {
      dependency_pinning: 'package-lock.json; `npm ci` installs exactly it',
      lock_file: 'package-lock.json',
      verification: 'lock_file_sha256 in build_metadata is the SHA-256 of the lock file the build used',
    },
    build_metadata: m === null ? {} : { ...m },
  };
}

export function buildRoutes(ctx: AppContext, source: BuildInfoSource): void {
  const body = buildInfoBody(source);
  ctx.route({
    method: 'get',
    path: '/build/info',
    summary: 'What this process was built from: revision, source manifest, lock file and build hashes',
    responses: { 200: { description: 'Build metadata', schema: BuildInfoSchema } },
    handler: async () => body,
  });
}
