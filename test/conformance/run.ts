/**
 * `npm run conformance`: the reference's API checker against the built service (after `npm run
 * build`, so /build/info has the build's metadata). Prints the checker's lines; exits with its code.
 */
import { runConformance } from './service-checker.js';

try {
  const run = await runConformance({ built: true });
  process.stdout.write(run.output);
  process.exitCode = run.code;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
}
