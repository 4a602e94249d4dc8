// @vitest-environment jsdom
/** Pasting the contract's SHA-256: what sha256sum and others print is taken, anything else is refused at once. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../components/test-render';
import { AnchorPage } from './anchor-page';
import { LEAF, SERIAL, SHA, fakeService, startEachTestAfresh } from './anchor-test-support';
import { EMPTY_FILE_SHA256 } from 'zap1';

startEachTestAfresh();

/** Opens paste mode with the example's serial, and pastes `text` into the SHA-256 field. */
async function paste(user: ReturnType<typeof userEvent.setup>, text: string) {
  const serial = screen.getByLabelText(/serial number/i);
  await user.clear(serial);
  await user.type(serial, SERIAL);
  await user.click(screen.getByLabelText(/Paste its SHA-256/));
  await user.click(screen.getByLabelText('Contract SHA-256'));
  await user.paste(text);
}

const fieldError = () => document.getElementById(`${screen.getByLabelText('Contract SHA-256').id}-error`);

describe('pasting the SHA-256', () => {
  it("takes sha256sum's line: its digest gives the leaf, and the submission is named after its file", async () => {
    const user = userEvent.setup();
    const seen = fakeService();
    renderWithProviders(<AnchorPage />);
    await paste(user, `${SHA}  scans/contract.pdf`);
    expect(screen.getByText(/^The SHA-256 of contract\.pdf, from sha256sum's line/)).toBeTruthy();
    expect(screen.getByTestId('local-leaf').textContent).toBe(LEAF);
    expect(fieldError()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit for anchoring' }));
    await screen.findByTestId('submit-status');
    expect(JSON.parse(seen.find((r) => r.path === '/event')?.body ?? '{}')).toMatchObject({
      contract_sha256: SHA,
    });
    expect(screen.getByTestId('saved-submissions').textContent).toContain(
      `contract.pdf · serial number ${SERIAL}`,
    );
  });

  it('takes a "SHA256:" prefix and a digest in groups of eight', async () => {
    const user = userEvent.setup();
    fakeService();
    renderWithProviders(<AnchorPage />);
    await paste(user, `SHA256:${SHA.match(/.{8}/g)!.join(' ')}`);
    expect(screen.getByTestId('local-leaf').textContent).toBe(LEAF);
    expect(
      screen.getByText(`Read as ${SHA}: without the "sha256:" prefix, without the spaces.`),
    ).toBeTruthy();
  });

  it('says what is wrong with a typed value once the field is left, before Submit', async () => {
    const user = userEvent.setup();
    const seen = fakeService();
    renderWithProviders(<AnchorPage />);
    await user.click(screen.getByLabelText(/Paste its SHA-256/));
    const field = screen.getByLabelText('Contract SHA-256');
    await user.type(field, 'not a digest');
    expect(fieldError()).toBeNull(); // not while it is being typed
    await user.tab();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(fieldError()?.textContent).toMatch(
      /^The SHA-256 may contain only the hex digits 0-9 and a-f, and "n" is not one\. Expected 64 hex digits \(0-9, a-f\), alone, after "sha256:", or sha256sum's whole line/,
    );
    expect(seen.some((r) => r.method === 'POST')).toBe(false);
  });

  it('says what is wrong with a pasted value as soon as it is pasted', async () => {
    const user = userEvent.setup();
    fakeService();
    renderWithProviders(<AnchorPage />);
    await paste(user, 'a'.repeat(40));
    expect(screen.getByLabelText('Contract SHA-256').getAttribute('aria-invalid')).toBe('true');
    expect(fieldError()?.textContent).toMatch(
      /^The SHA-256 must be 64 hex digits; this has 40 \(the length of a SHA-1, not a SHA-256\)\. Expected 64 hex digits/,
    );
  });

  it("refuses the empty file's SHA-256 as it refuses an empty file, and sends nothing", async () => {
    const user = userEvent.setup();
    const seen = fakeService();
    renderWithProviders(<AnchorPage />);
    await paste(user, EMPTY_FILE_SHA256);
    const refusal =
      'This is the SHA-256 of an empty file (0 bytes), so there is no document to anchor. Give the contract file, or its own SHA-256.';
    expect(fieldError()?.textContent).toBe(refusal);
    await user.click(screen.getByRole('button', { name: 'Submit for anchoring' }));
    expect(screen.getByTestId('not-sent').textContent).toContain(refusal);
    expect(seen.some((r) => r.path === '/event')).toBe(false);
  });
});
