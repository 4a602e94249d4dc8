// Run inside a fresh project where only the packed zap1 is installed: the client against a running
// service (trial key, event, check, proof), the proof verified locally, from Node ESM.
import { writeFile } from 'node:fs/promises';
import { createClient, leafHash, verifyProofBundle } from 'zap1';

const [baseUrl, serial] = process.argv.slice(2);
const anonymous = createClient({ baseUrl });
const trial = await anonymous.trialKey();
const client = createClient({ baseUrl, apiKey: trial.key });
const event = {
  event_type: 'CONTRACT_ANCHOR',
  wallet_hash: 'wallet_outsider',
  serial_number: serial,
  contract_sha256: 'c'.repeat(64),
};
const recorded = await client.submitEvent(event);
const check = await client.check(recorded.leaf_hash);
const bundle = await client.proof(recorded.leaf_hash);
const verdict = verifyProofBundle(bundle, { expectedLeafHex: recorded.leaf_hash });
await writeFile('proof.json', JSON.stringify(bundle, null, 2));
console.log(
  JSON.stringify({
    resolvedFrom: import.meta.resolve('zap1'),
    leaf: recorded.leaf_hash,
    leafMatches: leafHash(event) === recorded.leaf_hash,
    checkValid: check.valid,
    valid: verdict.valid,
  }),
);
