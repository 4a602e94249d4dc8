// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { ErrorNotice } from './error-notice';
import { renderWithProviders } from './test-render';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** The error apiRequest throws when this page's own origin does not answer at all. */
const siteUnreachable = () =>
  new ApiError({
    status: 0,
    code: 'network_error',
    message: 'The service at this site could not be reached. Check the service URL in Settings.',
  });

describe('a service that cannot be reached', () => {
  it('on this site: says the site itself is down, and sends nobody to Settings', () => {
    renderWithProviders(<ErrorNotice error={siteUnreachable()} title="The statistics could not be loaded" />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('This site cannot be reached');
    expect(alert.textContent).toContain('No setting of yours would change that.');
    expect(alert.textContent).not.toMatch(/Settings/);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('on this site, timing out: says the site did not answer in time', () => {
    const error = new ApiError({
      status: 0,
      code: 'timeout',
      message: 'The service at this site did not answer within 8 s.',
    });
    renderWithProviders(<ErrorNotice error={error} />);
    expect(screen.getByRole('alert').textContent).toContain('This site did not answer in time');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('while the device is offline: says so', () => {
    vi.stubGlobal('navigator', { onLine: false });
    renderWithProviders(<ErrorNotice error={siteUnreachable()} />);
    expect(screen.getByRole('alert').textContent).toContain('This device is offline');
  });

  it('on another origin: may be a wrong URL, so Settings is offered, once', () => {
    localStorage.setItem('zap1.baseUrl', 'https://zap1.example.org');
    const error = new ApiError({
      status: 0,
      code: 'network_error',
      message: 'The service at https://zap1.example.org could not be reached from this page.',
    });
    renderWithProviders(<ErrorNotice error={error} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('could not be reached from this page.');
    expect(alert.textContent).toContain('Is the service running, and is its URL right?');
    expect(screen.getAllByRole('link', { name: 'Check the service URL in Settings' })).toHaveLength(1);
    expect(alert.textContent?.match(/Settings/g)).toHaveLength(1);
  });
});

describe('ErrorNotice', () => {
  it('says when to try again once, in words', () => {
    const error = new ApiError({
      status: 429,
      code: 'rate_limited',
      message: 'Trial keys are limited to 5 an hour per address; retry in 180 s.',
      retryAfterS: 180,
    });
    renderWithProviders(<ErrorNotice error={error} title="No key" />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Trial keys are limited to 5 an hour per address.');
    expect(alert.textContent).not.toContain('180 s');
    expect(screen.getByTestId('retry-after').textContent).toBe('Try again in 3 minutes.');
  });

  it("shows a service's plain words without sending the user to Settings", () => {
    renderWithProviders(
      <ErrorNotice error={new ApiError({ status: 404, code: 'not_found', message: 'Leaf not found' })} />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Leaf not found');
  });

  it('tells a refused field in the words of the form, never by its wire name', () => {
    const error = new ApiError({
      status: 400,
      code: 'validation_failed',
      message: 'serial_number must be 1-512 UTF-8 bytes',
      fields: [{ field: 'serial_number', message: 'serial_number must be 1-512 UTF-8 bytes' }],
    });
    renderWithProviders(<ErrorNotice error={error} title="The service did not record the event" />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The service refused one value:');
    expect(screen.getByRole('listitem').textContent).toBe(
      'Serial number must be 1 to 512 bytes long (a letter beyond plain ASCII takes 2 to 4 bytes).',
    );
    expect(alert.textContent).not.toContain('serial_number');
  });

  it('says that a page which polls asks again by itself, and how often', () => {
    const error = new ApiError({
      status: 0,
      code: 'network_error',
      message: 'The service could not be reached.',
    });
    renderWithProviders(<ErrorNotice error={error} title="The health check failed" retryEveryMs={5_000} />);
    expect(screen.getByTestId('retrying').textContent).toBe('Asked again every 5 s.');
    cleanup();
    renderWithProviders(<ErrorNotice error={error} title="No key" />);
    expect(screen.queryByTestId('retrying')).toBeNull();
  });
});

describe("the service's words with hidden characters", () => {
  it('shows a right-to-left override as <U+202E>, in the message and in a refused field', () => {
    const error = new ApiError({
      status: 400,
      code: 'validation_failed',
      message: 'bad',
      fields: [{ field: 'serial_number', message: 'serial_number is \u202Eodd' }],
    });
    renderWithProviders(<ErrorNotice error={error} />);
    expect(screen.getByRole('alert').textContent).toContain('<U+202E>odd');
    cleanup();
    renderWithProviders(
      <ErrorNotice
        error={new ApiError({ status: 404, code: 'not_found', message: 'Leaf \u202Enot found' })}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Leaf <U+202E>not found');
  });
});
