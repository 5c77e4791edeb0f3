import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routerAt } from 'shared-ui/src/testing/routerAt';
import { deferred } from 'shared-ui/src/testing/deferred';
import * as data from '../data';
import { MESSAGES } from '../testing/messages';
import { firebaseError, renderAt } from '../testing/renderAt';
import { LoginPage } from './LoginPage';
import { ResetPasswordPage } from './ResetPasswordPage';

jest.mock('../data', () => jest.requireActual('../testing/dataFake').fakeData());

const fakes = jest.mocked(data);

beforeEach(() => jest.resetAllMocks());

const LINK = '/reset-password?mode=resetPassword&oobCode=CODE-1&apiKey=k&lang=en';

describe('asking for a reset link', () => {
  it('is reached from the login form, keeping the e-mail typed there', async () => {
    const user = userEvent.setup({ delay: null });
    render(
      routerAt('/login', { '/login': <LoginPage />, '/reset-password': <ResetPasswordPage /> }),
    );
    await user.type(screen.getByLabelText('Email'), ' ann@example.test ');
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));

    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ann@example.test');
  });

  it('gives the same answer for a known and an unknown address', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/reset-password', '/reset-password', <ResetPasswordPage />);
    const pending = deferred<'sent'>();
    fakes.requestPasswordReset.mockReturnValueOnce(pending.promise);

    await user.type(screen.getByLabelText('Email'), 'nobody@example.test');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeDisabled();
    await act(async () => pending.resolve('sent'));

    expect(fakes.requestPasswordReset).toHaveBeenCalledWith('nobody@example.test');
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.resetLinkSent);
    expect(screen.getByRole('status')).not.toHaveTextContent('nobody@example.test');
  });

  it('refuses a blank address and says when the address or the sending failed', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/reset-password', '/reset-password', <ResetPasswordPage />);
    const send = () => user.click(screen.getByRole('button', { name: 'Send reset link' }));

    await send();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.fillAllFields);
    expect(fakes.requestPasswordReset).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Email'), 'not-an-address');
    fakes.requestPasswordReset.mockResolvedValueOnce('invalid-email');
    await send();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.invalidEmail);

    fakes.requestPasswordReset.mockResolvedValueOnce('failed');
    await send();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.resetRequestFailed);
  });
});

describe('using the link', () => {
  it('checks the code, then sets the new password and leads to sign-in', async () => {
    const user = userEvent.setup({ delay: null });
    fakes.checkPasswordResetCode.mockResolvedValue({ ok: true, email: 'ann@example.test' });
    fakes.confirmNewPassword.mockResolvedValue(undefined);
    renderAt(LINK, '/reset-password', <ResetPasswordPage />);

    expect(await screen.findByText('For ann@example.test')).toBeInTheDocument();
    expect(fakes.checkPasswordResetCode).toHaveBeenCalledWith('CODE-1');
    await user.type(screen.getByLabelText('New password'), 'new-horse-7');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(fakes.confirmNewPassword).toHaveBeenCalledWith('CODE-1', 'new-horse-7');
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.passwordChanged);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('refuses a blank or short password before asking Firebase, and says why Firebase refused', async () => {
    const user = userEvent.setup({ delay: null });
    fakes.checkPasswordResetCode.mockResolvedValue({ ok: true, email: 'ann@example.test' });
    renderAt(LINK, '/reset-password', <ResetPasswordPage />);
    const change = () => user.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByLabelText('New password');

    await change();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.fillAllFields);
    await user.type(screen.getByLabelText('New password'), '12345');
    await change();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.passwordTooWeak);
    expect(fakes.confirmNewPassword).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('New password'), '6');
    fakes.confirmNewPassword.mockRejectedValueOnce(firebaseError('auth/expired-action-code'));
    await change();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.resetLinkInvalid);
  });

  it('an expired or used link offers a new one', async () => {
    fakes.checkPasswordResetCode.mockResolvedValue({ ok: false });
    renderAt(LINK, '/reset-password', <ResetPasswordPage />);

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.resetLinkInvalid);
    expect(screen.getByRole('link', { name: 'Send a new link' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});
