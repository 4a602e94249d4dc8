// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { ErrorNotice } from './error-notice';
import { renderWithProviders } from './test-render';

afterEach(cleanup);

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
