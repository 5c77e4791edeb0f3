import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as sharedFirebase from 'shared-firebase';
import { MESSAGES } from 'shared-firebase';
import { memberData } from 'shared-firebase/testing/members';
import { deferred } from 'shared-ui/src/testing/deferred';
import * as data from '../data';
import { PROFILE_MESSAGES } from '../messages';
import { EditProfilePage } from './EditProfilePage';

jest.mock('shared-firebase', () => jest.requireActual('../testing/sharedFirebaseFake').fake());
jest.mock('../data', () => jest.requireActual('../testing/dataFake').fakeData());

const fakes = jest.mocked(data);
const platform = jest.mocked(sharedFirebase);

function png(name = 'me.png', type = 'image/png') {
  return new File([new Uint8Array([137, 80, 78, 71])], name, { type });
}

beforeEach(() => {
  platform.useSignedInUid.mockReturnValue('me');
  platform.useMember.mockReturnValue({
    status: 'ready',
    data: memberData('Ann', { userAbout: 'Hello', dob: '3rd Jul 1990', From: 'Kenya' }),
  });
  fakes.saveProfileUpdate.mockResolvedValue(undefined);
  fakes.changeUserName.mockResolvedValue(undefined);
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});

afterEach(() => {
  jest.clearAllMocks();
  jest.restoreAllMocks();
});

function setup() {
  const user = userEvent.setup({ delay: null });
  render(<EditProfilePage />);
  const choose = (label: string) => user.click(screen.getByRole('radio', { name: label }));
  const save = () => user.click(screen.getByRole('button', { name: 'Save' }));
  return { user, choose, save };
}

const status = () => screen.getByRole('status');
const alert = () => screen.getByRole('alert');

describe('the edit menu', () => {
  it('offers six options, one at a time, and a submit button only once one is chosen', async () => {
    const { choose } = setup();
    const options = within(screen.getByRole('group', { name: 'What would you like to change?' }))
      .getAllByRole('radio')
      .map((radio) => radio.closest('label')!.textContent);
    expect(options).toEqual([
      'Change profile picture',
      'Change cover picture',
      'Change username',
      'Change about',
      'Change date of birth',
      'Change country of birth',
    ]);
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    // The theme is a setting too, beside the profile's (shared-ui's ThemeSetting).
    const appearance = screen.getByRole('region', { name: 'Appearance' });
    expect(within(appearance).getByRole('radio', { name: 'System' })).toBeChecked();

    await choose('Change username');
    expect(screen.getByRole('radio', { name: 'Change username' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: /Username/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();

    await choose('Change about');
    expect(screen.getByRole('radio', { name: 'Change username' })).not.toBeChecked();
    expect(screen.queryByRole('textbox', { name: /Username/ })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /About/ })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Save' })).toHaveLength(1);
  });
});

describe('typed input', () => {
  it('is never thrown away: the form waits for the profile, then keeps edits through live updates', async () => {
    platform.useMember.mockReturnValue({ status: 'loading' });
    const user = userEvent.setup({ delay: null });
    const { rerender } = render(<EditProfilePage />);
    await user.click(screen.getByRole('radio', { name: 'Change username' }));
    expect(screen.queryByRole('textbox', { name: /Username/ })).not.toBeInTheDocument();
    expect(screen.getByText('Loading your profile…')).toBeInTheDocument();

    platform.useMember.mockReturnValue({ status: 'ready', data: memberData('Ann') });
    rerender(<EditProfilePage />);
    const field = screen.getByRole('textbox', { name: /Username/ });
    expect(field).toHaveValue('Ann');
    await user.clear(field);
    await user.type(field, 'Bea');

    platform.useMember.mockReturnValue({ status: 'ready', data: memberData('Renamed elsewhere') });
    rerender(<EditProfilePage />);
    expect(screen.getByRole('textbox', { name: /Username/ })).toHaveValue('Bea');
  });

  it('opens empty when the profile cannot be read, so the member can still write one', async () => {
    platform.useMember.mockReturnValue({ status: 'missing' });
    const { choose } = setup();
    await choose('Change username');
    expect(screen.getByRole('textbox', { name: /Username/ })).toHaveValue('');
  });
});

describe.each([
  [
    'Change profile picture',
    'picture',
    /New profile picture/,
    PROFILE_MESSAGES.profilePictureChanged,
  ],
  ['Change cover picture', 'cover', /New cover picture/, PROFILE_MESSAGES.profileCoverChanged],
] as const)('%s', (option, kind, fieldName, success) => {
  it('says no file has been selected when none is', async () => {
    const { choose, save } = setup();
    await choose(option);
    await save();
    expect(alert()).toHaveTextContent(PROFILE_MESSAGES.noFileSelected);
    expect(fakes.changeProfileImage).not.toHaveBeenCalled();
  });

  it('accepts only PNG and JPEG', async () => {
    const user = userEvent.setup({ applyAccept: false, delay: null });
    render(<EditProfilePage />);
    await user.click(screen.getByRole('radio', { name: option }));
    const input = screen.getByLabelText(fieldName);
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg');
    await user.upload(input, png('anim.gif', 'image/gif'));
    expect(alert()).toHaveTextContent('Please choose a PNG or JPEG image.');
    expect(screen.queryByRole('img', { name: /Preview/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(alert()).toHaveTextContent(PROFILE_MESSAGES.noFileSelected);
    expect(fakes.changeProfileImage).not.toHaveBeenCalled();
  });

  it('previews the file, shows Sending... while uploading, then the success message', async () => {
    const upload = deferred();
    fakes.changeProfileImage.mockReturnValue(upload.promise);
    const { user, choose, save } = setup();
    await choose(option);
    const file = png(kind === 'picture' ? 'me.jpg' : 'cover.png', 'image/jpeg');
    await user.upload(screen.getByLabelText(fieldName), file);
    expect(screen.getByRole('img', { name: /Preview of the new/ })).toHaveAttribute(
      'src',
      'blob:preview',
    );

    await save();
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(fakes.changeProfileImage).toHaveBeenCalledTimes(1);
    expect(fakes.changeProfileImage).toHaveBeenCalledWith('me', kind, file, expect.any(Function));

    await act(async () => upload.resolve());
    expect(status()).toHaveTextContent(success);
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(screen.queryByRole('img', { name: /Preview of the new/ })).not.toBeInTheDocument();
  });

  it('reports a failed upload', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    fakes.changeProfileImage.mockRejectedValue(new Error('storage/unauthorized'));
    const { user, choose, save } = setup();
    await choose(option);
    await user.upload(screen.getByLabelText(fieldName), png());
    await save();
    expect(alert()).toHaveTextContent(PROFILE_MESSAGES.saveFailed);
    expect(status()).toBeEmptyDOMElement();
  });
});

describe('Change username', () => {
  it('refuses an empty or blank name with the product message', async () => {
    const { user, choose, save } = setup();
    await choose('Change username');
    const field = screen.getByRole('textbox', { name: /Username/ });
    expect(field).toHaveValue('Ann');
    await user.clear(field);
    await save();
    expect(alert()).toHaveTextContent(PROFILE_MESSAGES.usernameEmpty);
    await user.type(field, '   ');
    await save();
    expect(alert()).toHaveTextContent(PROFILE_MESSAGES.usernameEmpty);
    expect(fakes.saveProfileUpdate).not.toHaveBeenCalled();
  });

  it('takes at most 32 characters', async () => {
    const { user, choose, save } = setup();
    await choose('Change username');
    const field = screen.getByRole('textbox', { name: /Username/ });
    expect(field).toHaveAttribute('maxLength', '32');
    await user.clear(field);
    await user.type(field, 'x'.repeat(40));
    expect(field).toHaveValue('x'.repeat(32));
    await save();
    expect(fakes.changeUserName).toHaveBeenCalledWith('me', 'x'.repeat(32), '~ann');
  });

  it('saves the trimmed name, says so, and clears the message after 3000 ms', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      render(<EditProfilePage />);
      await user.click(screen.getByRole('radio', { name: 'Change username' }));
      const field = screen.getByRole('textbox', { name: /Username/ });
      await user.clear(field);
      await user.type(field, '  Ann Lee ');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(fakes.changeUserName).toHaveBeenCalledWith('me', 'Ann Lee', '~ann');
      // The resolved write's continuation updates state outside act; React renders it on its
      // scheduler's (fake) ticks. Flush them without moving the clock.
      for (let turn = 0; turn < 3; turn += 1) await act(async () => jest.advanceTimersByTime(0));
      expect(status()).toHaveTextContent(PROFILE_MESSAGES.usernameChanged);
      act(() => jest.advanceTimersByTime(2999));
      expect(status()).toHaveTextContent(PROFILE_MESSAGES.usernameChanged);
      act(() => jest.advanceTimersByTime(1));
      expect(status()).toBeEmptyDOMElement();
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows Sending... while the write is on its way and reports a failure', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const write = deferred();
    fakes.changeUserName.mockReturnValue(write.promise);
    const { choose, save } = setup();
    await choose('Change username');
    await save();
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await act(async () => write.reject(new Error('permission-denied')));
    expect(alert()).toHaveTextContent(PROFILE_MESSAGES.saveFailed);
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('keeps what was typed when the save fails, so Save can be pressed again', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    fakes.changeUserName.mockRejectedValueOnce(new Error('unavailable'));
    const { user, choose, save } = setup();
    await choose('Change username');
    const field = screen.getByRole('textbox', { name: /Username/ });
    await user.clear(field);
    await user.type(field, 'Bea');
    await save();
    expect(alert()).toHaveTextContent(PROFILE_MESSAGES.saveFailed);
    expect(screen.getByRole('textbox', { name: /Username/ })).toHaveValue('Bea');
    await save();
    expect(fakes.changeUserName).toHaveBeenLastCalledWith('me', 'Bea', '~ann');
  });

  it.each([
    ['a right-to-left override', '\u202Eecila', MESSAGES.usernameBidi],
    ['a zero-width space', 'Al\u200Bice', MESSAGES.usernameInvisible],
    ['a letter with four marks', `Max${'\u0334\u0335\u0336\u0337'}`, MESSAGES.usernameMarks],
  ])('refuses a name with %s, says why and keeps what was typed', async (_what, typed, message) => {
    const { user, choose, save } = setup();
    await choose('Change username');
    const field = screen.getByRole('textbox', { name: /Username/ });
    await user.clear(field);
    await user.click(field);
    await user.paste(typed);
    await save();
    expect(alert()).toHaveTextContent(message);
    expect(field).toHaveValue(typed);
    expect(fakes.changeUserName).not.toHaveBeenCalled();
  });

  it('says a name is taken when another member holds it, and keeps what was typed', async () => {
    fakes.changeUserName.mockRejectedValueOnce(new data.UserNameTakenError('ＢＥＡ'));
    const { user, choose, save } = setup();
    await choose('Change username');
    const field = screen.getByRole('textbox', { name: /Username/ });
    await user.clear(field);
    await user.type(field, 'ＢＥＡ');
    await save();
    expect(alert()).toHaveTextContent(MESSAGES.usernameTaken);
    expect(field).toHaveValue('ＢＥＡ');
  });
});

describe('Change about', () => {
  it('saves text with the changed message', async () => {
    const { user, choose, save } = setup();
    await choose('Change about');
    const field = screen.getByRole('textbox', { name: /About/ });
    expect(field).toHaveValue('Hello');
    await user.clear(field);
    await user.type(field, 'I like maps');
    await save();
    expect(fakes.saveProfileUpdate).toHaveBeenCalledWith('me', {
      'userInfo.userAbout': 'I like maps',
    });
    expect(status()).toHaveTextContent(PROFILE_MESSAGES.aboutChanged);
  });

  it('removes it when empty', async () => {
    const { user, choose, save } = setup();
    await choose('Change about');
    await user.clear(screen.getByRole('textbox', { name: /About/ }));
    await user.type(screen.getByRole('textbox', { name: /About/ }), '   ');
    await save();
    expect(fakes.saveProfileUpdate).toHaveBeenCalledWith('me', { 'userInfo.userAbout': null });
    expect(status()).toHaveTextContent(PROFILE_MESSAGES.aboutRemoved);
  });
});

describe('Change date of birth', () => {
  async function fillDob(
    user: ReturnType<typeof userEvent.setup>,
    d: string,
    m: string,
    y: string,
  ) {
    for (const [label, value] of [
      ['Day', d],
      ['Month', m],
      ['Year', y],
    ] as const) {
      const field = screen.getByRole('textbox', { name: label });
      await user.clear(field);
      if (value) await user.type(field, value);
    }
  }

  it('is prefilled from the stored date and limits the fields to 2, 2 and 4 characters', async () => {
    const { choose } = setup();
    await choose('Change date of birth');
    expect(screen.getByRole('textbox', { name: 'Day' })).toHaveValue('3');
    expect(screen.getByRole('textbox', { name: 'Month' })).toHaveValue('7');
    expect(screen.getByRole('textbox', { name: 'Year' })).toHaveValue('1990');
    expect(screen.getByRole('textbox', { name: 'Day' })).toHaveAttribute('maxLength', '2');
    expect(screen.getByRole('textbox', { name: 'Month' })).toHaveAttribute('maxLength', '2');
    expect(screen.getByRole('textbox', { name: 'Year' })).toHaveAttribute('maxLength', '4');
  });

  it.each([
    ['', '7', '1990'],
    ['3', '', '1990'],
    ['3', '7', ''],
    ['3', '7', '90'],
    ['a', '7', '1990'],
    ['3', '7', '19x0'],
  ])('asks to fill all fields for %p/%p/%p', async (d, m, y) => {
    const { user, choose, save } = setup();
    await choose('Change date of birth');
    await fillDob(user, d, m, y);
    await save();
    expect(alert()).toHaveTextContent(MESSAGES.fillAllFields);
    expect(fakes.saveProfileUpdate).not.toHaveBeenCalled();
  });

  it('refuses a date that does not exist and one in the future', async () => {
    const { user, choose, save } = setup();
    await choose('Change date of birth');
    await fillDob(user, '31', '4', '1990');
    await save();
    expect(alert()).toHaveTextContent(PROFILE_MESSAGES.dobNotARealDate);
    await fillDob(user, '1', '1', String(new Date().getFullYear() + 1));
    await save();
    expect(alert()).toHaveTextContent(PROFILE_MESSAGES.dobInTheFuture);
    expect(fakes.saveProfileUpdate).not.toHaveBeenCalled();
  });

  it('stores "ordinal day, month abbreviation, year"', async () => {
    const { user, choose, save } = setup();
    await choose('Change date of birth');
    await fillDob(user, '22', '02', '1985');
    await save();
    expect(fakes.saveProfileUpdate).toHaveBeenCalledWith('me', { 'userInfo.dob': '22nd Feb 1985' });
    expect(status()).toHaveTextContent(PROFILE_MESSAGES.dobChanged);
  });
});

describe('Change country of birth', () => {
  it('lists about 240 countries from the dataset, with the current one chosen', async () => {
    const { choose } = setup();
    await choose('Change country of birth');
    const select = screen.getByRole('combobox', { name: 'Country of birth' });
    const names = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(names.length - 1).toBeGreaterThanOrEqual(230);
    expect(names.length - 1).toBeLessThanOrEqual(260);
    expect(names).toEqual(expect.arrayContaining(['Kenya', 'France', 'Japan', 'Brazil']));
    expect(select).toHaveValue('Kenya');
  });

  it('asks for a country when none is chosen', async () => {
    platform.useMember.mockReturnValue({ status: 'ready', data: memberData('Ann') });
    const { choose, save } = setup();
    await choose('Change country of birth');
    await save();
    expect(alert()).toHaveTextContent(PROFILE_MESSAGES.chooseCountry);
    expect(fakes.saveProfileUpdate).not.toHaveBeenCalled();
  });

  it('stores the country in From and Lives', async () => {
    const { user, choose, save } = setup();
    await choose('Change country of birth');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country of birth' }), 'Japan');
    await save();
    expect(fakes.saveProfileUpdate).toHaveBeenCalledWith('me', {
      'userInfo.From': 'Japan',
      'userInfo.Lives': 'Japan',
    });
    expect(status()).toHaveTextContent(PROFILE_MESSAGES.countryChanged);
  });
});
