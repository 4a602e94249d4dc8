// Bundled by Vite from the installed package: the verifier entry checks a proof bundle and the
// main entry decodes a memo given as hex, in the browser.
import { createClient, decodeMemo } from 'zap1';
import { verifyProofBundle } from 'zap1/verify';

const output = document.getElementById('result');
try {
  const bundle = await (await fetch('./proof.json')).json();
  const verdict = verifyProofBundle(bundle);
  const memoHex = new URL(location.href).searchParams.get('memo') ?? '';
  output.textContent = JSON.stringify({
    valid: verdict.valid,
    root: verdict.rootHex,
    memo: decodeMemo(memoHex),
    client: typeof createClient({ baseUrl: location.origin }).check,
  });
} catch (error) {
  output.textContent = JSON.stringify({ error: String(error) });
}
output.dataset.done = 'true';
