import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferred } from 'shared-ui/src/testing/deferred';
import * as data from '../data';
import { AccountDocumentsError, UserNameTakenError } from '../data';
import { MESSAGES } from '../testing/messages';
import { firebaseError, renderAt } from '../testing/renderAt';
import { SignUpPage } from './SignUpPage';

jest.mock('../data', () => jest.requireActual('../testing/dataFake').fakeData());

const fakes = jest.mocked(data);

const LABELS = ['Username', 'Email', 'Password'] as const;

function renderSignUp() {
  renderAt('/signUp', '/signUp', <SignUpPage />);
  return {
    userName: screen.getByLabelText('Username'),
    email: screen.getByLabelText('Email'),
    password: screen.getByLabelText('Password'),
    button: screen.getByRole('button', { name: 'Sign up' }),
  };
}

async function fill(values: { userName?: string; email?: string; password?: string }) {
  const user = userEvent.setup();
  const fields = renderSignUp();
  if (values.userName) await user.type(fields.userName, values.userName);
  if (values.email) await user.type(fields.email, values.email);
  if (values.password) await user.type(fields.password, values.password);
  return { user, ...fields };
}

function alertText(): string {
  return screen
    .getAllByRole('alert')
    .map((alert) => alert.textContent)
    .join('');
}

function expectInvalid(invalid: readonly string[]) {
  for (const label of LABELS) {
    expect(screen.getByLabelText(label)).toHaveAttribute(
      'aria-invalid',
      String(invalid.includes(label)),
    );
  }
}

const VALID = { userName: 'Ann Lee', email: 'ann@x.test', password: 'secret1' };

beforeEach(() => jest.resetAllMocks());

describe('SignUpPage', () => {
  it('has labelled fields for password managers, a button and a link to sign-in', () => {
    const { userName, email, password, button } = renderSignUp();
    expect(screen.getByRole('heading', { name: 'Sign up' })).toBeInTheDocument();
    expect(userName).toHaveAttribute('autocomplete', 'nickname');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('autocomplete', 'email');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'new-password');
    expect(password).toHaveAccessibleDescription('At least 6 characters.');
    expect(button).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('link', { name: 'Login with existing account' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it.each([
    ['every field blank', {}, ['Username', 'Email', 'Password']],
    ['a whitespace-only username', { ...VALID, userName: '   ' }, ['Username']],
    ['a whitespace-only email', { ...VALID, email: ' ' }, ['Email']],
    ['a whitespace-only password', { ...VALID, password: '  ' }, ['Password']],
  ])('refuses %s with the product message', async (_case, values, invalid) => {
    const { button, user } = await fill(values);
    await user.click(button);

    expect(alertText()).toBe(MESSAGES.fillAllFields);
    expectInvalid(invalid);
    expect(fakes.signUpMember).not.toHaveBeenCalled();
  });

  it('refuses a username over 32 characters, counted after trimming', async () => {
    const { button, user, userName } = await fill({ ...VALID, userName: 'a'.repeat(33) });
    await user.click(button);
    expect(alertText()).toBe(MESSAGES.usernameTooLong);
    expect(MESSAGES.usernameTooLong).toBe("Username can't be longer than 32 characters");
    expectInvalid(['Username']);
    expect(fakes.signUpMember).not.toHaveBeenCalled();

    fakes.signUpMember.mockResolvedValue('u1');
    await user.clear(userName);
    await user.type(userName, ` ${'b'.repeat(32)} {Enter}`);
    expect(fakes.signUpMember).toHaveBeenCalledWith('b'.repeat(32), 'ann@x.test', 'secret1');
  });

  it.each([
    ['a right-to-left override', '\u202Eecila', MESSAGES.usernameBidi],
    ['a zero-width space', 'Al\u200Bice', MESSAGES.usernameInvisible],
    ['a letter with 31 combining marks', `a${'\u0334'.repeat(31)}`, MESSAGES.usernameMarks],
  ])(
    'refuses a username with %s, saying why and keeping every field',
    async (_c, name, message) => {
      const { button, user, userName, email, password } = await fill({ ...VALID, userName: '' });
      await user.click(userName);
      await user.paste(name);
      await user.click(button);

      expect(alertText()).toBe(message);
      expectInvalid(['Username']);
      expect(userName).toHaveValue(name);
      expect(email).toHaveValue(VALID.email);
      expect(password).toHaveValue(VALID.password);
      expect(fakes.signUpMember).not.toHaveBeenCalled();
    },
  );

  it('says a username another member holds is taken, on the Username field, keeping the form', async () => {
    fakes.signUpMember.mockRejectedValue(new UserNameTakenError('ＡＮＮ lee'));
    const { button, user, userName, email } = await fill({ ...VALID, userName: 'ＡＮＮ lee' });
    await user.click(button);

    expect(await screen.findByText(MESSAGES.usernameTaken)).toBeInTheDocument();
    expect(alertText()).toBe(MESSAGES.usernameTaken);
    expectInvalid(['Username']);
    expect(userName).toHaveValue('ＡＮＮ lee');
    expect(email).toHaveValue(VALID.email);
    expect(button).toBeEnabled();
  });

  it('shows an e-mail in use as "User already exists" on the Email field', async () => {
    fakes.signUpMember.mockRejectedValue(firebaseError('auth/email-already-in-use'));
    const { button, user } = await fill(VALID);
    await user.click(button);

    expect(await screen.findByText(MESSAGES.userAlreadyExists)).toBeInTheDocument();
    expect(alertText()).toBe(MESSAGES.userAlreadyExists);
    expectInvalid(['Email']);
    expect(button).toBeEnabled();
  });

  it.each([
    ['a weak password', 'auth/weak-password', ['Password']],
    ['a malformed e-mail', 'auth/invalid-email', ['Email']],
    ['a network failure', 'auth/network-request-failed', ['Username', 'Email', 'Password']],
  ])('shows %s as a red state only, announced', async (_case, code, invalid) => {
    fakes.signUpMember.mockRejectedValue(firebaseError(code));
    const { button, user } = await fill(VALID);
    await user.click(button);

    const hidden = await screen.findByText('Sign-up failed. Please try again.');
    expect(hidden.closest('.ui-visually-hidden')).not.toBeNull();
    expect(hidden.closest('[role="alert"]')).not.toBeNull();
    expect(alertText()).toBe('Sign-up failed. Please try again.');
    expectInvalid(invalid);
  });

  it('submits with Enter the trimmed name and e-mail, then goes to /edit-profile', async () => {
    fakes.signUpMember.mockResolvedValue('u1');
    const { user, password } = await fill({ userName: '  Ann Lee ', email: ' ann@x.test ' });
    await user.type(password, ' pass {Enter}');

    expect(fakes.signUpMember).toHaveBeenCalledWith('Ann Lee', 'ann@x.test', ' pass ');
    expect((await screen.findByTestId('landed')).textContent).toBe('/edit-profile');
  });

  it('disables the button while the request is in flight', async () => {
    const request = deferred<string>();
    fakes.signUpMember.mockReturnValue(request.promise);
    const { button, user } = await fill(VALID);
    await user.click(button);

    expect(button).toBeDisabled();
    await user.click(button);
    expect(fakes.signUpMember).toHaveBeenCalledTimes(1);

    await act(async () => request.reject(firebaseError('auth/email-already-in-use')));
    expect(button).toBeEnabled();
  });

  describe('when the account was created but its documents were not', () => {
    async function failBatch() {
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      fakes.signUpMember.mockRejectedValue(
        new AccountDocumentsError('u9', 'Ann Lee', new Error('offline')),
      );
      const { button, user } = await fill(VALID);
      await user.click(button);
      await screen.findByText(MESSAGES.accountDocumentsFailed);
      return user;
    }

    afterEach(() => jest.mocked(console.error).mockRestore());

    it('tells the member, in an alert, and offers a retry instead of the form', async () => {
      await failBatch();
      expect(alertText()).toBe(MESSAGES.accountDocumentsFailed);
      expect(screen.queryByRole('button', { name: 'Sign up' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(screen.queryByTestId('landed')).not.toBeInTheDocument();
    });

    it('retries for the same account and name, then goes to /edit-profile', async () => {
      const user = await failBatch();
      const retry = deferred<void>();
      fakes.completeSignUp.mockReturnValue(retry.promise);
      await user.click(screen.getByRole('button', { name: 'Try again' }));

      expect(fakes.completeSignUp).toHaveBeenCalledWith('u9', 'Ann Lee');
      expect(screen.getByRole('button', { name: 'Try again' })).toBeDisabled();
      await act(async () => retry.resolve());
      expect((await screen.findByTestId('landed')).textContent).toBe('/edit-profile');
      expect(fakes.signUpMember).toHaveBeenCalledTimes(1);
    });

    it('keeps offering the retry after another failure', async () => {
      const user = await failBatch();
      fakes.completeSignUp.mockRejectedValue(
        new AccountDocumentsError('u9', 'Ann Lee', new Error('again')),
      );
      await user.click(screen.getByRole('button', { name: 'Try again' }));

      expect(await screen.findByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(alertText()).toBe(MESSAGES.accountDocumentsFailed);
      expect(screen.queryByTestId('landed')).not.toBeInTheDocument();
    });
  });
});
