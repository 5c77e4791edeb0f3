import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as sharedFirebase from 'shared-firebase';
import { HiddenMembersSection } from '../account/HiddenMembersSection';
import { SafetyActions } from './SafetyActions';

jest.mock('shared-firebase', () =>
  jest
    .requireActual('shared-firebase/testing/sharedFirebaseFake')
    .sharedFirebaseFake(['useHiddenMembers', 'setBlocked', 'setMuted', 'useMember']),
);

const fakes = jest.mocked(sharedFirebase);

function hiding({ blocked = [] as string[], muted = [] as string[], loaded = true } = {}) {
  fakes.useHiddenMembers.mockReturnValue({
    blocked: new Set(blocked),
    blockedBy: new Set(),
    muted: new Set(muted),
    loaded,
  });
}

beforeEach(() => {
  fakes.setBlocked.mockResolvedValue(undefined);
  fakes.setMuted.mockResolvedValue(undefined);
});
afterEach(() => jest.clearAllMocks());

describe('SafetyActions on a profile', () => {
  it('mutes at once, and offers Unmute once muted', async () => {
    hiding();
    const { rerender } = render(<SafetyActions me="me" target="ann" targetName="Ann" />);
    await userEvent.click(screen.getByRole('button', { name: 'Mute' }));
    expect(fakes.setMuted).toHaveBeenCalledWith('me', 'ann', true);
    hiding({ muted: ['ann'] });
    rerender(<SafetyActions me="me" target="ann" targetName="Ann" />);
    await userEvent.click(screen.getByRole('button', { name: 'Unmute' }));
    expect(fakes.setMuted).toHaveBeenLastCalledWith('me', 'ann', false);
  });

  it('asks before blocking; Cancel blocks nobody', async () => {
    hiding();
    render(<SafetyActions me="me" target="ann" targetName="Ann" />);
    await userEvent.click(screen.getByRole('button', { name: 'Block' }));
    const question = screen.getByRole('group', { name: 'Block Ann?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(fakes.setBlocked).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Block' }));
    await userEvent.click(screen.getByRole('button', { name: 'Block Ann' }));
    expect(fakes.setBlocked).toHaveBeenCalledWith('me', 'ann', true);
  });

  it('once blocked offers only Unblock, which unblocks', async () => {
    hiding({ blocked: ['ann'] });
    render(<SafetyActions me="me" target="ann" targetName="Ann" />);
    expect(screen.queryByRole('button', { name: 'Mute' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Unblock' }));
    expect(fakes.setBlocked).toHaveBeenCalledWith('me', 'ann', false);
  });

  it('says so when a write is refused', async () => {
    hiding();
    fakes.setMuted.mockRejectedValue(new Error('permission-denied'));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<SafetyActions me="me" target="ann" targetName="Ann" />);
    await userEvent.click(screen.getByRole('button', { name: 'Mute' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Muting did not finish');
  });
});

describe('HiddenMembersSection in settings', () => {
  beforeEach(() => {
    fakes.useMember.mockImplementation((uid) => ({
      status: 'ready',
      data: { userInfo: { userName: uid === 'ann' ? 'Ann' : 'Bo' } } as never,
    }));
  });

  it('lists blocked and muted members, each with its undo', async () => {
    hiding({ blocked: ['ann'], muted: ['bo'] });
    render(<HiddenMembersSection me="me" />);
    const blocked = screen.getByRole('region', { name: 'Blocked members' });
    await userEvent.click(within(blocked).getByRole('button', { name: 'Unblock Ann' }));
    expect(fakes.setBlocked).toHaveBeenCalledWith('me', 'ann', false);
    const muted = screen.getByRole('region', { name: 'Muted members' });
    await userEvent.click(within(muted).getByRole('button', { name: 'Unmute Bo' }));
    expect(fakes.setMuted).toHaveBeenCalledWith('me', 'bo', false);
  });

  it('says when nobody is blocked or muted', () => {
    hiding();
    render(<HiddenMembersSection me="me" />);
    expect(screen.getByText('You have not blocked anyone.')).toBeInTheDocument();
    expect(screen.getByText('You have not muted anyone.')).toBeInTheDocument();
  });

  it('says nothing about the lists before they are known', () => {
    hiding({ loaded: false });
    render(<HiddenMembersSection me="me" />);
    expect(screen.queryByText('You have not blocked anyone.')).not.toBeInTheDocument();
    expect(screen.queryByText('You have not muted anyone.')).not.toBeInTheDocument();
    expect(screen.getAllByRole('status')).toHaveLength(2);
  });
});
