// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../components/test-render';
import { MemoPage } from './memo-page';
import { MemoResult } from './memo-result';

const RLO = '\u202E';

afterEach(cleanup);

describe('memo text with hidden characters', () => {
  it('shows a text memo\u2019s right-to-left override as <U+202E>', async () => {
    // "SN-" U+202E "exe.fdp", a line break, "ok" in UTF-8: the line break stays one.
    const hex = `534e2d${'e280ae'}6578652e666470${'0a'}6f6b`;
    const { container } = renderWithProviders(<MemoPage />, `/memo?hex=${hex}`);
    expect((await screen.findByTestId('memo-kind')).textContent).toBe('Plain UTF-8 text');
    const text = container.querySelector('pre');
    expect(text?.textContent).toBe('SN-<U+202E>exe.fdp\nok');
    expect(container.textContent).not.toContain(RLO);
  });

  it("shows a ZIP 302 part's UTF-8 value with its hidden characters visible", () => {
    renderWithProviders(
      <MemoResult
        memo={{
          format: 'zip302',
          parts: [{ part_type: 1, version: 1, value_hex: '00', value_utf8: `SN-${RLO}exe.fdp\u200B` }],
        }}
      />,
    );
    const parts = screen.getByTestId('zip302-parts');
    expect(parts.textContent).toContain('SN-<U+202E>exe.fdp<U+200B>');
    expect(parts.textContent).not.toContain(RLO);
  });
});
