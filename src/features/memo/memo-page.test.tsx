// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../components/test-render';
import { MemoPage } from './memo-page';
import { MemoResult } from './memo-result';

const RLO = '\u202E';

afterEach(() => {
  cleanup();
  // The page keeps its draft in sessionStorage: each test starts with none.
  sessionStorage.clear();
});

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

describe('the memo draft', () => {
  function renderWithElsewhere(url: string) {
    return renderWithProviders(
      <Routes>
        <Route
          path="/memo"
          element={
            <>
              <MemoPage />
              <Link to="/elsewhere">Go elsewhere</Link>
            </>
          }
        />
        <Route path="/elsewhere" element={<Link to="/memo">Back to the memo page</Link>} />
      </Routes>,
      url,
    );
  }
  const box = () => screen.getByLabelText(/^Memo bytes as hex/) as HTMLTextAreaElement;

  it('keeps typed hex, and its decoding, after a trip to another page', async () => {
    renderWithElsewhere('/memo');
    fireEvent.change(box(), { target: { value: '68 69' } });
    expect((await screen.findByTestId('memo-kind')).textContent).toBe('Plain UTF-8 text');
    fireEvent.click(screen.getByRole('link', { name: 'Go elsewhere' }));
    fireEvent.click(await screen.findByRole('link', { name: 'Back to the memo page' }));
    expect(box().value).toBe('68 69');
    expect((await screen.findByTestId('memo-kind')).textContent).toBe('Plain UTF-8 text');
  });

  it("opens a link's own memo rather than a draft typed elsewhere", () => {
    renderWithElsewhere('/memo');
    fireEvent.change(box(), { target: { value: '68 69' } });
    cleanup();
    renderWithElsewhere('/memo?hex=6f6b');
    expect(box().value).toBe('6f6b');
  });
});
