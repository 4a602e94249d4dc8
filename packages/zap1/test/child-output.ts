/** Test-only: what a child process printed and how it ended, for tests that run real commands. */
import type { ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Collects everything `child` prints on stdout and stderr until it closes, with its exit code. */
export function outputOf(child: ChildProcessByStdio<null, Readable, Readable>): Promise<Run> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
