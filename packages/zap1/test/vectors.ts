/**
 * Test-only access to the test vectors kept with the package (test/vectors: the ZAP1 reference's
 * conformance data and the public Zcash vectors, each with its licence). Tests read vectors through
 * here so that no test names a path outside the repository.
 */
import { readFileSync, readdirSync } from 'node:fs';
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

/** The folder of real blocks from the Zebra project's test vectors (with their licence). */
export const ZEBRA_VECTORS_DIR = path.join(VECTORS_DIR, 'zebra');

/** A real block: its network, its height and its bytes as hex, as `block-<net>-<height>.txt` names it. */
export interface RealBlock {
  file: string;
  network: 'mainnet' | 'testnet';
  height: number;
  hex: string;
}

/** Every real block kept in test/vectors/zebra, ordered by network and height. */
export function readZebraBlocks(): RealBlock[] {
  return readdirSync(ZEBRA_VECTORS_DIR)
    .map((file) => /^block-(main|test)-(\d+)-(\d{3})-(\d{3})\.txt$/.exec(file))
    .filter((match): match is RegExpExecArray => match !== null)
    .map(([file, net, millions, thousands, units]) => ({
      file: file!,
      network: net === 'main' ? ('mainnet' as const) : ('testnet' as const),
      height: Number(`${millions}${thousands}${units}`),
      hex: readFileSync(path.join(ZEBRA_VECTORS_DIR, file!), 'utf8').trim(),
    }))
    .sort((a, b) => a.network.localeCompare(b.network) || a.height - b.height);
}
