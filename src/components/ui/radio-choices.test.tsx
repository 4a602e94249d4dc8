// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RadioChoices } from './radio-choices';

afterEach(cleanup);

const CHOICES = [
  { value: 'file', label: 'Choose a file' },
  { value: 'paste', label: 'Paste its SHA-256' },
] as const;

describe('RadioChoices', () => {
  it('is a radio group named by its label, with the chosen value checked, and tells which one is picked', () => {
    const onChange = vi.fn();
    render(
      <RadioChoices label="How to give the contract" choices={CHOICES} value="file" onChange={onChange} />,
    );
    const group = screen.getByRole('radiogroup', { name: 'How to give the contract' });
    expect(within(group).getByRole('radio', { name: 'Choose a file' })).toHaveProperty('checked', true);
    fireEvent.click(within(group).getByRole('radio', { name: 'Paste its SHA-256' }));
    expect(onChange).toHaveBeenCalledWith('paste');
  });

  it('is named by the fieldset around it when it has no label, and two groups never share a name', () => {
    render(
      <>
        <fieldset>
          <legend>Show</legend>
          <RadioChoices choices={CHOICES} value="file" onChange={() => {}} />
        </fieldset>
        <RadioChoices label="Another" choices={CHOICES} value="paste" onChange={() => {}} />
      </>,
    );
    const shown = screen.getByRole('group', { name: 'Show' });
    expect(within(shown).queryByRole('radiogroup')).toBeNull();
    const first = within(shown).getAllByRole('radio');
    const second = within(screen.getByRole('radiogroup', { name: 'Another' })).getAllByRole('radio');
    expect(first[0]!.getAttribute('name')).not.toBe(second[0]!.getAttribute('name'));
    // Each group keeps its own choice: checking one does not clear the other.
    expect(first.map((r) => (r as HTMLInputElement).checked)).toEqual([true, false]);
    expect(second.map((r) => (r as HTMLInputElement).checked)).toEqual([false, true]);
  });
});
