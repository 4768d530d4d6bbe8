import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { PasswordLoginForm } from './PasswordLoginForm';

vi.mock('../../../i18n/react', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));
vi.mock('../cookies', () => ({ rememberedLogin: () => ({ username: '', remember: false }) }));
vi.mock('../../../components/CaptchaImage', () => ({ CaptchaImage: () => null }));

const login = {
  withPassword: vi.fn(),
  withSms: vi.fn(),
  captchaShown: false,
  captchaKey: 0,
  error: null as string | null,
  setError: vi.fn(),
  busy: false,
};
vi.mock('../useLogin', () => ({ useLogin: () => login }));

const REQUIRED = 'account.errors.required';
const field = (name: string) => screen.getByLabelText(`account.fields.${name}`);
const messages = () => screen.queryAllByText(REQUIRED);
const submit = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'account.login' })));

describe('password login form', () => {
  beforeEach(() => {
    login.withPassword.mockReset().mockResolvedValue(false);
    login.captchaShown = false;
  });
  afterEach(cleanup);

  it('empties the password after a failed login without calling the box empty', async () => {
    render(<PasswordLoginForm />);
    fireEvent.change(field('username'), { target: { value: 'player1' } });
    fireEvent.change(field('password'), { target: { value: 'WrongPass1' } });
    fireEvent.blur(field('password'));
    await submit();
    expect(login.withPassword).toHaveBeenCalledWith('player1', 'WrongPass1', '', false);
    expect((field('password') as HTMLInputElement).value).toBe('');
    expect(messages()).toHaveLength(0);
    expect(field('password').getAttribute('aria-invalid')).toBeNull();
  });

  it('calls the emptied box empty once the player leaves it', async () => {
    render(<PasswordLoginForm />);
    fireEvent.change(field('username'), { target: { value: 'player1' } });
    fireEvent.change(field('password'), { target: { value: 'WrongPass1' } });
    await submit();
    expect(messages()).toHaveLength(0);
    fireEvent.focus(field('password'));
    fireEvent.blur(field('password'));
    expect(messages()).toHaveLength(1);
    expect(field('password').getAttribute('aria-invalid')).toBe('true');
  });

  it('calls the emptied box empty when the player submits again', async () => {
    render(<PasswordLoginForm />);
    fireEvent.change(field('username'), { target: { value: 'player1' } });
    fireEvent.change(field('password'), { target: { value: 'WrongPass1' } });
    await submit();
    await submit();
    expect(login.withPassword).toHaveBeenCalledTimes(1);
    expect(messages()).toHaveLength(1);
  });

  it('calls a box empty once the player empties it', () => {
    render(<PasswordLoginForm />);
    expect(messages()).toHaveLength(0);
    fireEvent.change(field('password'), { target: { value: 'x' } });
    expect(messages()).toHaveLength(0);
    fireEvent.change(field('password'), { target: { value: '' } });
    expect(messages()).toHaveLength(1);
  });

  it('does not ask for the captcha the server has just turned on until the player acts', async () => {
    const { rerender } = render(<PasswordLoginForm />);
    fireEvent.change(field('username'), { target: { value: 'player1' } });
    fireEvent.change(field('password'), { target: { value: 'WrongPass1' } });
    await submit();
    login.captchaShown = true;
    rerender(<PasswordLoginForm />);
    expect(screen.queryAllByText('account.errors.captchaRequired')).toHaveLength(0);
    fireEvent.change(field('password'), { target: { value: 'Secret123' } });
    await submit();
    expect(screen.queryAllByText('account.errors.captchaRequired')).toHaveLength(1);
    expect(login.withPassword).toHaveBeenCalledTimes(1);
  });
});
