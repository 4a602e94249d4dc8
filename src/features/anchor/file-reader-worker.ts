/**
 * Reads a file as a stream on its own thread for the hash worker, which meanwhile hashes: reading
 * and hashing overlap instead of taking turns. Each chunk's buffer is transferred, not copied, and
 * the reader stays at most `maxAheadBytes` ahead of the hashing (the hash worker reports what it
 * has consumed).
 */
import { parseReaderRequest, type ReaderMessage } from './hash-messages';
import { ReadAhead } from './read-ahead';

let readAhead: ReadAhead | null = null;

function send(message: ReaderMessage, transfer: Transferable[] = []): void {
  postMessage(message, { transfer });
}

async function read(file: Blob, ahead: ReadAhead): Promise<void> {
  const reader = file.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    // Only a buffer the chunk has to itself can be handed over without a copy.
    const bytes =
      value.byteOffset === 0 && value.byteLength === value.buffer.byteLength ? value : value.slice();
    await ahead.reserve(bytes.length);
    send({ type: 'chunk', bytes }, [bytes.buffer]);
  }
  send({ type: 'end' });
}

addEventListener('message', (event: MessageEvent<unknown>) => {
  const request = parseReaderRequest(event.data);
  if (request?.type === 'consumed') {
    readAhead?.release(request.bytes);
  } else if (request?.type === 'read' && readAhead === null) {
    readAhead = new ReadAhead(request.maxAheadBytes);
    read(request.file, readAhead).catch((error: unknown) =>
      send({
        type: 'error',
        message: error instanceof Error ? error.message : 'The file could not be read.',
      }),
    );
  }
});
