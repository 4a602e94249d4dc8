import { describe, expect, it } from 'vitest';
import { anchorEventBody, anchorFormErrors, firstInvalidField, localAnchorLeaf } from './anchor-form';

// docs/protocol.md 2.1 worked example.
const EXAMPLE = {
  walletHash: 'wallet_abc',
  serialNumber: 'Z15P-2026-001',
  contractSha256: '0123456789abcdef'.repeat(4),
};

describe('anchor form', () => {
  it('computes the leaf of the worked example locally', () => {
    expect(anchorFormErrors(EXAMPLE)).toEqual({});
    expect(localAnchorLeaf(EXAMPLE)).toBe('ae15a6e4afceee1d6339690204f55d4c1336339ee4736147b3a0760d45c2bf04');
  });

  it('does not hash the wallet: another wallet gives the same leaf', () => {
    expect(localAnchorLeaf({ ...EXAMPLE, walletHash: 'someone_else' })).toBe(localAnchorLeaf(EXAMPLE));
  });

  it('sends the strings exactly as typed', () => {
    expect(anchorEventBody({ ...EXAMPLE, serialNumber: ' Z15P ' })).toEqual({
      event_type: 'CONTRACT_ANCHOR',
      wallet_hash: 'wallet_abc',
      serial_number: ' Z15P ',
      contract_sha256: EXAMPLE.contractSha256,
    });
  });

  it('shows the service messages before sending', () => {
    expect(anchorFormErrors({ ...EXAMPLE, walletHash: 'has space' }).wallet_hash).toBe(
      'Wallet pseudonym may use only the letters A to Z (either case), digits, underscores (_) and hyphens (-).',
    );
    expect(anchorFormErrors({ ...EXAMPLE, walletHash: 'w'.repeat(129) }).wallet_hash).toBe(
      'Wallet pseudonym must be 1 to 128 characters long.',
    );
    expect(anchorFormErrors({ ...EXAMPLE, serialNumber: 'a\u0007b' }).serial_number).toBe(
      'Serial number must not contain line breaks, tabs or other control characters.',
    );
    expect(anchorFormErrors({ ...EXAMPLE, serialNumber: 'é'.repeat(257) }).serial_number).toBe(
      'Serial number must be 1 to 512 bytes long (a letter beyond plain ASCII takes 2 to 4 bytes).',
    );
    expect(localAnchorLeaf({ ...EXAMPLE, serialNumber: '' })).toBeNull();
  });

  it('says what to do about an empty field', () => {
    expect(anchorFormErrors({ ...EXAMPLE, contractSha256: '' }).contract_sha256).toBe(
      'Choose or drop the contract file, or paste its SHA-256.',
    );
    expect(anchorFormErrors({ ...EXAMPLE, serialNumber: '' }).serial_number).toBe(
      'Enter a reference for this contract (its serial number).',
    );
    expect(anchorFormErrors({ ...EXAMPLE, walletHash: '' }).wallet_hash).toBe(
      'Enter a wallet pseudonym, or press "New pseudonym".',
    );
  });

  it('refuses an uppercase digest (the page lowercases pastes before this)', () => {
    expect(
      anchorFormErrors({ ...EXAMPLE, contractSha256: EXAMPLE.contractSha256.toUpperCase() }).contract_sha256,
    ).toMatch(/lowercase/);
  });

  it('names the first invalid field in the order of the form', () => {
    expect(firstInvalidField({ wallet_hash: 'x', serial_number: 'y' })).toBe('serial_number');
    expect(firstInvalidField({ wallet_hash: 'x', contract_sha256: 'z' })).toBe('contract_sha256');
    expect(firstInvalidField({ form: 'other' })).toBeNull();
    expect(firstInvalidField({})).toBeNull();
  });
});
