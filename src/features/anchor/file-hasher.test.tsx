// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { FileHasher } from './file-hasher';
import type { FileHashState } from './use-file-hash';

afterEach(cleanup);

/** The hasher as the Anchor page drives it: hashing until Cancel, then cancelled. */
function Hashing() {
  const [state, setState] = useState<FileHashState>({
    status: 'hashing',
    fileName: 'lease.pdf',
    bytesDone: 10,
    totalBytes: 100,
    mbPerS: null,
  });
  return (
    <FileHasher
      inputId="contract-file"
      invalid={false}
      errorId={undefined}
      state={state}
      onFile={() => {}}
      onCancel={() => setState({ status: 'cancelled', fileName: 'lease.pdf' })}
    />
  );
}

describe('FileHasher', () => {
  it('returns focus to the file input when hashing is cancelled (the Cancel button goes away)', () => {
    render(<Hashing />);
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    cancel.focus();
    fireEvent.click(cancel);
    expect(screen.getByText('Hashing of lease.pdf was cancelled.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Contract file'));
  });
});

describe("a file's name", () => {
  it('is shown with its right-to-left override visible (invoice_<U+202E>fdp.exe, not invoice_exe.pdf)', () => {
    const { container } = render(
      <FileHasher
        inputId="contract-file"
        invalid={false}
        errorId={undefined}
        state={{
          status: 'done',
          fileName: 'invoice_\u202Efdp.exe',
          sha256Hex: 'ab'.repeat(32),
          totalBytes: 3,
          mbPerS: null,
        }}
        onFile={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(container.textContent).toContain('SHA-256 of invoice_<U+202E>fdp.exe');
    expect(container.textContent).not.toContain('\u202E');
  });
});

describe('the drop zone', () => {
  it('says which file it holds, and that a kept draft was hashed earlier, instead of "No file chosen"', () => {
    const done: FileHashState = {
      status: 'done',
      fileName: 'contract.pdf',
      sha256Hex: 'ab'.repeat(32),
      totalBytes: 2048,
      mbPerS: null,
    };
    const props = { inputId: 'f', invalid: false, errorId: undefined, onFile: () => {}, onCancel: () => {} };
    const { rerender } = render(<FileHasher {...props} state={{ status: 'idle' }} />);
    expect(screen.getByTestId('file-drop-chosen').textContent).toBe('No file chosen yet.');
    expect(screen.getByText('Choose a file')).toBeTruthy();
    rerender(<FileHasher {...props} state={done} />);
    expect(screen.getByTestId('file-drop-chosen').textContent).toBe(
      '✓ contract.pdf (2.00 KiB), hashed here.',
    );
    expect(screen.getByText('Choose another file')).toBeTruthy();
    // The input announces what the zone holds.
    const described = screen.getByLabelText('Contract file').getAttribute('aria-describedby') ?? '';
    expect(described.split(' ')).toContain(screen.getByTestId('file-drop-chosen').id);
    rerender(<FileHasher {...props} state={{ ...done, restored: true }} />);
    expect(screen.getByTestId('file-drop-chosen').textContent).toMatch(/hashed earlier in this tab/);
  });
});
