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
