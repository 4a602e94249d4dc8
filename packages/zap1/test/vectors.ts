/**
 * Test-only access to the test vectors kept with the package (test/vectors: the ZAP1 reference's
 * conformance data and the public Zcash vectors, each with its licence). Tests read vectors through
 * here so that no test names a path outside the repository.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package's folder of test vectors (this file lives beside it). */
const VECTORS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'vectors');

/** The folder of the ZAP1 conformance files. */
export const ZAP1_VECTORS_DIR = path.join(VECTORS_DIR, 'zap1');

/** The text of a ZAP1 conformance file, e.g. `valid_bundle.json` or `ops-fixture/stats.json`. */
export function readZap1Text(name: string): string {
  return readFileSync(path.join(ZAP1_VECTORS_DIR, name), 'utf8');
}

/** A ZAP1 conformance JSON file, parsed (untyped: tests parse it with a schema or pass it on as wire data). */
export function readZap1Json(name: string): unknown {
  return JSON.parse(readZap1Text(name));
}

/** The folder of the Zcash test vectors kept in this repository (with their licence). */
export const ZCASH_VECTORS_DIR = path.join(VECTORS_DIR, 'zcash');

/**
 * The vectors of a Zcash test-vector file (e.g. `zip_0244.json`), each an object keyed by the column
 * names the file's second header row lists. Integers above 2^53 lose precision through JSON.parse:
 * tests take those from the bytes that encode them.
 */
export function readZcashVectors(name: string): Array<Record<string, unknown>> {
  const rows = JSON.parse(readFileSync(path.join(ZCASH_VECTORS_DIR, name), 'utf8')) as unknown[][];
  const columns = String(rows[1]?.[0]).split(', ');
  return rows.slice(2).map((row) => Object.fromEntries(columns.map((column, i) => [column, row[i]])));
}
