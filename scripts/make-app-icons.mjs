/**
 * Writes the installable app's PNG icons (public/icons/) from the same drawing as public/favicon.svg:
 * an amber rounded square with a white "Z". Node alone draws them (no image tool, no download), so
 * anyone can make them again: `node scripts/make-app-icons.mjs`. The maskable icon fills the whole
 * square and keeps the "Z" inside the central safe zone, since launchers crop it to their own shape.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const AMBER = [0xb4, 0x53, 0x09];
const WHITE = [0xff, 0xff, 0xff];
// The favicon's drawing, on its 64-unit grid: the square's corner radius, the stroke and its path.
const CORNER = 12;
const STROKE_HALF_WIDTH = 3.5;
const Z_POINTS = [
  [18, 20],
  [46, 20],
  [22, 44],
  [46, 44],
];
// Samples per pixel side: 4 × 4 smooths the edges.
const SAMPLES = 4;

function distanceToSegment(px, py, [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

function insideRoundedSquare(x, y) {
  const cx = Math.min(Math.max(x, CORNER), 64 - CORNER);
  const cy = Math.min(Math.max(y, CORNER), 64 - CORNER);
  return x >= 0 && x <= 64 && y >= 0 && y <= 64 && Math.hypot(x - cx, y - cy) <= CORNER;
}

/** The colour at a point of the 64-unit grid, or null where the icon is transparent. */
function colourAt(x, y, maskable) {
  // The maskable icon's "Z" is drawn at 70 % about the centre, inside the safe zone's circle.
  const scale = maskable ? 0.7 : 1;
  const zx = 32 + (x - 32) / scale;
  const zy = 32 + (y - 32) / scale;
  for (let i = 1; i < Z_POINTS.length; i += 1) {
    if (distanceToSegment(zx, zy, Z_POINTS[i - 1], Z_POINTS[i]) <= STROKE_HALF_WIDTH) return WHITE;
  }
  return maskable || insideRoundedSquare(x, y) ? AMBER : null;
}

/** RGBA rows of a `size` × `size` icon, each row led by PNG's "no filter" byte. */
function drawIcon(size, maskable) {
  const rows = Buffer.alloc(size * (1 + size * 4));
  for (let row = 0; row < size; row += 1) {
    const start = row * (1 + size * 4);
    for (let column = 0; column < size; column += 1) {
      let covered = 0;
      const sum = [0, 0, 0];
      for (let sy = 0; sy < SAMPLES; sy += 1) {
        for (let sx = 0; sx < SAMPLES; sx += 1) {
          const x = ((column + (sx + 0.5) / SAMPLES) * 64) / size;
          const y = ((row + (sy + 0.5) / SAMPLES) * 64) / size;
          const colour = colourAt(x, y, maskable);
          if (colour === null) continue;
          covered += 1;
          for (let c = 0; c < 3; c += 1) sum[c] += colour[c];
        }
      }
      const at = start + 1 + column * 4;
      for (let c = 0; c < 3; c += 1) rows[at + c] = covered === 0 ? 0 : Math.round(sum[c] / covered);
      rows[at + 3] = Math.round((covered / (SAMPLES * SAMPLES)) * 255);
    }
  }
  return rows;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

function png(size, maskable) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(drawIcon(size, maskable), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
mkdirSync(folder, { recursive: true });
for (const [name, size, maskable] of [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-512.png', 512, true],
]) {
  writeFileSync(path.join(folder, name), png(size, maskable));
  console.log(`public/icons/${name}`);
}
