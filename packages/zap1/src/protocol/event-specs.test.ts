import { describe, expect, it } from 'vitest';
import { EVENT_SPECS, EVENT_TYPES, eventTypeName, serialLabel } from './event-specs.js';
import { FIELD_SPECS } from './field-specs.js';

describe('the names the app shows for event types and their serials', () => {
  it('names each defined type in plain words and leaves an unknown wire label as it is', () => {
    expect(eventTypeName('CONTRACT_ANCHOR')).toBe('Contract anchor');
    expect(eventTypeName('SOMETHING_NEW')).toBe('SOMETHING_NEW');
    // Every type has its own name: two types never read the same in a list or filter.
    expect(new Set(EVENT_TYPES.map((t) => eventTypeName(t))).size).toBe(EVENT_TYPES.length);
  });

  it("labels a stored serial with the field it comes from, so a validator id is not called a 'serial'", () => {
    expect(serialLabel('CONTRACT_ANCHOR')).toBe('Serial number');
    expect(serialLabel('STAKING_DEPOSIT')).toBe(FIELD_SPECS.validator_id.label);
    expect(serialLabel('NOT_A_TYPE')).toBe('Serial');
    for (const type of EVENT_TYPES) {
      const field = EVENT_SPECS[type].serialField;
      if (field !== null) expect(serialLabel(type)).toBe(FIELD_SPECS[field].label);
    }
  });
});
