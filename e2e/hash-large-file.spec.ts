import { createHash } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync, ftruncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, expect } from './fixtures';

// Files above the in-memory limit (512 MiB) take the chunked path: hash-wasm, with the file read
// on another thread. Sparse files of zeros cost no disk.
const LARGE_BYTES = 600 * 1024 * 1024;

let tempDir = '';
test.beforeAll(() => {
  tempDir = mkdtempSync(path.join(tmpdir(), 'zap1-e2e-large-'));
});
test.afterAll(() => {
  rmSync(tempDir, { recursive: true, force: true });
});

function sparseFile(name: string, size: number): string {
  const file = path.join(tempDir, name);
  const fd = openSync(file, 'w');
  ftruncateSync(fd, size);
  closeSync(fd);
  return file;
}

function sha256OfZeros(size: number): string {
  const hash = createHash('sha256');
  const piece = Buffer.alloc(16 * 1024 * 1024);
  for (let done = 0; done < size; done += piece.length)
    hash.update(piece.subarray(0, Math.min(piece.length, size - done)));
  return hash.digest('hex');
}

test('a file too large to hold in memory is hashed in chunks, with progress, and the right digest', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const file = sparseFile('large-contract.bin', LARGE_BYTES);
  await page.goto('/app/anchor');
  await page.getByLabel('Contract file').setInputFiles(file);
  await expect(page.getByRole('progressbar', { name: 'Hashing large-contract.bin' })).toBeVisible();
  await expect(page.getByTestId('contract-sha256')).toHaveText(sha256OfZeros(LARGE_BYTES), {
    timeout: 90_000,
  });
  await expect(
    page.getByText(/^SHA-256 of large-contract\.bin \(600\.0 MiB, [\d.]+ MB\/s\):$/),
  ).toBeVisible();
});

test('hashing can be cancelled, and the next file is hashed as usual', async ({ page }) => {
  test.setTimeout(120_000);
  const large = sparseFile('cancelled-contract.bin', LARGE_BYTES);
  const small = path.join(tempDir, 'small-contract.txt');
  writeFileSync(small, 'a small contract\n');
  await page.goto('/app/anchor');
  await page.getByLabel('Contract file').setInputFiles(large);
  await expect(page.getByRole('progressbar', { name: 'Hashing cancelled-contract.bin' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Hashing of cancelled-contract.bin was cancelled.')).toBeVisible();
  await expect(page.getByTestId('contract-sha256')).toHaveCount(0);

  await page.getByLabel('Contract file').setInputFiles(small);
  await expect(page.getByTestId('contract-sha256')).toHaveText(
    createHash('sha256').update('a small contract\n').digest('hex'),
  );
});
