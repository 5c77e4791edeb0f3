import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferred } from 'shared-ui/src/testing/deferred';
import * as data from '../data';
import { AccountDocumentsError } from '../data';
import { MESSAGES } from '../testing/messages';
import { firebaseError, renderAt } from '../testing/renderAt';
import { LoginPage } from './LoginPage';

jest.mock('../data', () => jest.requireActual('../testing/dataFake').fakeData());

const fakes = jest.mocked(data);

function renderLogin(path = '/login') {
  renderAt(path, '/login', <LoginPage />);
  return {
    email: screen.getByLabelText('Email'),
    password: screen.getByLabelText('Password'),
    button: screen.getByRole('button', { name: 'Sign in' }),
  };
}

function alertText(): string {
  return screen
    .getAllByRole('alert')
    .map((alert) => alert.textContent)
    .join('');
}

beforeEach(() => jest.resetAllMocks());

describe('LoginPage', () => {
  it('has labelled fields for password managers, a button and a link to sign-up', () => {
    const { email, password, button } = renderLogin();
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('autocomplete', 'email');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(button).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('link', { name: 'Create a new account' })).toHaveAttribute(
      'href',
      '/signUp',
    );
    expect(alertText()).toBe('');
  });

  it('says the account was deleted when the profile’s account deletion sent the member here', () => {
    renderLogin('/login?accountDeleted=1');
    expect(screen.getByText(MESSAGES.accountDeleted)).toHaveAttribute('role', 'status');
  });

  it('says nothing of a deletion otherwise', () => {
    renderLogin();
    expect(screen.queryByText(MESSAGES.accountDeleted)).not.toBeInTheDocument();
  });

  it.each([
    ['both blank', '', '', ['Email', 'Password']],
    ['whitespace-only email', '   ', 'secret1', ['Email']],
    ['whitespace-only password', 'ann@x.test', ' \t ', ['Password']],
  ])('refuses %s with the product message', async (_case, emailText, passwordText, invalid) => {
    const user = userEvent.setup();
    const { email, password, button } = renderLogin();
    if (emailText) await user.type(email, emailText);
    if (passwordText) await user.type(password, passwordText);
    await user.click(button);

    expect(alertText()).toBe(MESSAGES.fillAllFields);
    for (const label of ['Email', 'Password']) {
      expect(screen.getByLabelText(label)).toHaveAttribute(
        'aria-invalid',
        String(invalid.includes(label)),
      );
    }
    expect(fakes.signInMember).not.toHaveBeenCalled();
  });

  it.each([
    ['auth/wrong-password', MESSAGES.incorrectPassword, ['Password']],
    ['auth/user-not-found', MESSAGES.incorrectEmail, ['Email']],
    ['auth/invalid-credential', MESSAGES.incorrectCredentials, ['Email', 'Password']],
  ])('shows %s as %p', async (code, message, invalid) => {
    const user = userEvent.setup();
    fakes.signInMember.mockRejectedValue(firebaseError(code));
    const { email, password, button } = renderLogin();
    await user.type(email, 'ann@x.test');
    await user.type(password, 'secret1');
    await user.click(button);

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(alertText()).toBe(message);
    for (const label of ['Email', 'Password']) {
      expect(screen.getByLabelText(label)).toHaveAttribute(
        'aria-invalid',
        String(invalid.includes(label)),
      );
    }
    expect(button).toBeEnabled();
    expect(screen.queryByTestId('landed')).not.toBeInTheDocument();
  });

  it.each([
    ['a network failure', firebaseError('auth/network-request-failed')],
    ['too many attempts', firebaseError('auth/too-many-requests')],
    ['an unrepairable account', new AccountDocumentsError('u1', 'Ann', new Error('denied'))],
  ])('shows %s as a red state only, announced to screen readers', async (_case, error) => {
    const user = userEvent.setup();
    fakes.signInMember.mockRejectedValue(error);
    const { email, password, button } = renderLogin();
    await user.type(email, 'ann@x.test');
    await user.type(password, 'secret1');
    await user.click(button);

    const hidden = await screen.findByText('Sign-in failed. Please try again.');
    expect(hidden.closest('.ui-visually-hidden')).not.toBeNull();
    expect(within(hidden.closest('[role="alert"]') as HTMLElement).getByText(/failed/)).toBe(
      hidden,
    );
    for (const message of Object.values(MESSAGES)) {
      expect(screen.queryByText(message)).not.toBeInTheDocument();
    }
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAttribute('aria-invalid', 'true');
  });

  it('clears the red state of a field once it is edited', async () => {
    const user = userEvent.setup();
    fakes.signInMember.mockRejectedValue(firebaseError('auth/wrong-password'));
    const { email, password, button } = renderLogin();
    await user.type(email, 'ann@x.test');
    await user.type(password, 'wrong');
    await user.click(button);
    await screen.findByText(MESSAGES.incorrectPassword);
    expect(password).toHaveAttribute('aria-invalid', 'true');

    await user.type(password, 'x');
    expect(password).toHaveAttribute('aria-invalid', 'false');
  });

  it('submits with Enter, trims the e-mail and keeps the password as typed', async () => {
    const user = userEvent.setup();
    fakes.signInMember.mockResolvedValue('u1');
    const { email, password } = renderLogin();
    await user.type(email, '  ann@x.test ');
    await user.type(password, ' pass word {Enter}');

    expect(fakes.signInMember).toHaveBeenCalledWith('ann@x.test', ' pass word ');
    expect(await screen.findByTestId('landed')).toHaveTextContent(/^\/$/);
  });

  it('disables the button while the request is in flight and ignores a second submit', async () => {
    const user = userEvent.setup();
    const request = deferred<string>();
    fakes.signInMember.mockReturnValue(request.promise);
    const { email, password, button } = renderLogin();
    await user.type(email, 'ann@x.test');
    await user.type(password, 'secret1');
    await user.click(button);

    expect(button).toBeDisabled();
    await user.type(password, '{Enter}');
    expect(fakes.signInMember).toHaveBeenCalledTimes(1);

    await act(async () => request.reject(firebaseError('auth/wrong-password')));
    expect(button).toBeEnabled();
    expect(screen.getByText(MESSAGES.incorrectPassword)).toBeInTheDocument();
  });

  it.each([
    ['/login?next=%2Fexplore', '/explore'],
    ['/login?next=%2Fprofile%2Fu2%3Ftab%3Dposts', '/profile/u2?tab=posts'],
    ['/login?next=%2F%2Fevil.test%2Fx', '/'],
    ['/login?next=%2F%5Cevil.test', '/'],
    ['/login?next=https%3A%2F%2Fevil.test%2F', '/'],
    ['/login?next=%2FsignUp', '/'],
    ['/login', '/'],
  ])('after sign-in at %s goes to %s', async (start, destination) => {
    const user = userEvent.setup();
    fakes.signInMember.mockResolvedValue('u1');
    const { email, password, button } = renderLogin(start);
    await user.type(email, 'ann@x.test');
    await user.type(password, 'secret1');
    await user.click(button);

    expect((await screen.findByTestId('landed')).textContent).toBe(destination);
  });
});
