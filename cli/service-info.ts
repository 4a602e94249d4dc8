/**
 * Where the service says a block can be looked up: `/protocol/info`'s `explorer_block_url`, a
 * template with `{height}` or `{hash}` in it. The verdict on chain evidence whose block no source
 * named quotes it beside "or on your node"; it is a convenience, never a source of the verdict, so
 * anything but an http(s) template (no answer, an older service, something else) is simply none.
 */

const TIMEOUT_MS = 5_000;
const MAX_TEMPLATE_CHARS = 2_000;

/** The service's block explorer template, or null when it names none or cannot be asked. */
export async function explorerBlockUrl(serviceUrl: string): Promise<string | null> {
  let body: unknown;
  try {
    const response = await fetch(`${serviceUrl.replace(/\/+$/, '')}/protocol/info`, {
      headers: { accept: 'application/json' },
      credentials: 'omit',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) return null;
    body = await response.json();
  } catch {
    return null;
  }
  const template =
    typeof body === 'object' && body !== null && 'explorer_block_url' in body
      ? body.explorer_block_url
      : null;
  if (typeof template !== 'string' || template.length > MAX_TEMPLATE_CHARS) return null;
  if (!/^https?:\/\//i.test(template) || !/\{(?:height|hash)\}/.test(template)) return null;
  return template;
}
