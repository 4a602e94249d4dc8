/**
 * Released migrations never change: a database migrated by an earlier release has run exactly
 * this text. Migrations 1, 3 and 5 are assembled from shared pieces of zap1_commit_events, so each
 * migration's SHA-256 is pinned here; a new migration appends a hash, an old one never changes.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { POSTGRES_MIGRATIONS } from './migrations.js';

const RELEASED = [
  '22c5a1fb27a0e9203e53aadcfa7a292f8c9d2235103f253da4c927957f51273b',
  '2bfdf55f580c67cfeb5b8000f8254273a8b15a30d27f87028eb20fb932d64a90',
  'e7f08ce51d402bbbb066ba8b5d39a4a2baece2cef646782a031b2ebbcfb57216',
  'f6ee64123ed113781734471afe48e4398873a8f6c3f073b9c4fe007e05c2b769',
  '30a2cddc7a482e41431c8c5a0e58b0e2ea6b6a6bffd6e24a47cbbda9512e1111',
  '60a8df106b1b014fcc3217d8ffda8bcd26fca5ab4edfb54c55c2eeffa42f1edb',
  '9e8dbbeaf48e853a20d8d11817867baefdb6c48c669be20b9150971849474038',
];

describe('PostgreSQL migrations', () => {
  it('keep the exact text of every released migration', () => {
    const hashes = POSTGRES_MIGRATIONS.map((sql) => createHash('sha256').update(sql).digest('hex'));
    expect(hashes.slice(0, RELEASED.length)).toEqual(RELEASED);
  });
});
