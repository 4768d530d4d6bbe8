import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { fakeServer, type Handler, renderAt, setUp } from '../../../testing/portalTest';
import { JoinForm } from './JoinForm';

beforeAll(setUp);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(handler: Handler) {
  const server = fakeServer(handler);
  renderAt('/join', <JoinForm />);
  const form = screen.getByTestId('join-form');
  const type = (label: string, value: string) => fireEvent.change(within(form).getByLabelText(label), { target: { value } });
  return { server, form, type, send: () => fireEvent.click(within(form).getByRole('button', { name: 'Send application' })) };
}

describe('/join', () => {
  it('sends nothing while a required field is empty or wrong, and says which', async () => {
    const { server, form, type, send } = show(() => ({ value: { id: 1 } }));
    send();
    const alerts = within(form).getAllByRole('alert').map((a) => a.textContent);
    expect(alerts).toEqual(['Required', 'Required']);
    fireEvent.change(within(form).getByLabelText('How should we contact you?'), { target: { value: 'EMAIL' } });
    type('Your name', 'Ann');
    type('Contact details', 'ann-at-example');
    send();
    expect(within(form).getByRole('alert').textContent).toBe('Enter a valid e-mail address');
    type('Message (optional)', 'x'.repeat(1001));
    send();
    expect(within(form).getByText('At most 1000 characters')).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it('posts the application, trimmed, and shows that it was received', async () => {
    const { server, form, type, send } = show(({ path, method }) =>
      path === '/wps/join/apply' && method === 'POST' ? { value: { id: 42 } } : undefined,
    );
    fireEvent.click(within(form).getByRole('radio', { name: /Agent/ }));
    type('Your name', '  Ann Lee ');
    fireEvent.change(within(form).getByLabelText('How should we contact you?'), { target: { value: 'TELEGRAM' } });
    type('Contact details', '@annlee');
    type('Message (optional)', 'I run a team of 20.');
    send();
    expect(await screen.findByTestId('join-done')).toBeTruthy();
    expect(screen.getByText('Application received')).toBeTruthy();
    expect(server.requests.map((r) => r.body)).toEqual([
      { kind: 'AGENT', name: 'Ann Lee', contactType: 'TELEGRAM', contact: '@annlee', message: 'I run a team of 20.' },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Send another application' }));
    expect((within(screen.getByTestId('join-form')).getByLabelText('Your name') as HTMLInputElement).value).toBe('');
  });

  it('shows the server refusal by its code, and the hourly limit in its own words', async () => {
    let answer = { status: 422, errorCode: 'VALIDATION_ERROR' };
    const { type, send } = show(() => answer);
    type('Your name', 'Ann');
    type('Contact details', '+63 917 555 0101');
    send();
    expect((await screen.findByTestId('join-error')).textContent).toBe('Please Enter Correct Information');
    answer = { status: 429, errorCode: 'TOO_MANY_REQUEST' };
    send();
    await waitFor(() =>
      expect(screen.getByTestId('join-error').textContent).toBe(
        'Too many applications from your network. Please try again in an hour.',
      ),
    );
    expect(screen.queryByTestId('join-done')).toBeNull();
  });
});
