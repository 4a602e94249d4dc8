import { describe, expect, it } from 'vitest';
import { validateEvent } from 'zap1';
import { fieldLabel, fieldProblemInWords } from './field-words';

describe('field problems in words', () => {
  it('names the field as the form labels it, in a sentence, for the messages of validateEvent', () => {
    expect(fieldProblemInWords('serial_number', 'serial_number must be 1-512 UTF-8 bytes')).toBe(
      'Serial number must be 1 to 512 bytes long (a letter beyond plain ASCII takes 2 to 4 bytes).',
    );
    expect(
      fieldProblemInWords(
        'wallet_hash',
        'wallet_hash must use only ASCII letters, digits, underscore, or hyphen',
      ),
    ).toBe(
      'Wallet pseudonym may use only the letters A to Z (either case), digits, underscores (_) and hyphens (-).',
    );
    expect(fieldProblemInWords('contract_sha256', 'contract_sha256 required')).toBe(
      'Contract SHA-256 is required.',
    );
    expect(fieldProblemInWords('month', 'month must be 1-12')).toBe('Month must be from 1 to 12.');
  });

  it('leaves no wire field name in any message validateEvent gives for a bad event', () => {
    const problems = validateEvent({
      event_type: 'CONTRACT_ANCHOR',
      wallet_hash: 'has space',
      serial_number: 'a\u0007b',
      contract_sha256: 'ABC',
    });
    expect(problems.length).toBe(3);
    for (const { field, message } of problems) {
      const words = fieldProblemInWords(field, message);
      expect(words).not.toContain(field);
      expect(words).toMatch(/^[A-Z].*\.$/);
    }
  });

  it("reads the service's query messages (`field: message`) the same way", () => {
    expect(fieldProblemInWords('wallet', 'wallet: wallet must be 1-128 bytes')).toBe(
      'Wallet pseudonym must be 1 to 128 characters long.',
    );
  });

  it("keeps a message that is already the service's own sentence", () => {
    expect(fieldProblemInWords('body', 'The body must be a JSON object.')).toBe(
      'The body must be a JSON object.',
    );
    expect(fieldLabel('no_such_field')).toBe('no_such_field');
  });
});
