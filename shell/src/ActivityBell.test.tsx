import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import ActivityBell from './ActivityBell';
import { useUnreadActivityCount } from './data/unreadActivity';

// The shell's data module is faked at its boundary: the hook that reads the live count.
jest.mock('./data/unreadActivity', () => ({ useUnreadActivityCount: jest.fn() }));
const mockedCount = jest.mocked(useUnreadActivityCount);

function bar(onIntent = jest.fn()) {
  return (
    <MemoryRouter initialEntries={['/']}>
      <ActivityBell uid="me" onIntent={onIntent} />
      <Routes>
        <Route path="/" element={<p>Home</p>} />
        <Route path="/activity" element={<p>Activity page</p>} />
      </Routes>
    </MemoryRouter>
  );
}

afterEach(() => jest.resetAllMocks());

describe('ActivityBell', () => {
  it('shows and names the unread count, and leads to /activity', async () => {
    mockedCount.mockReturnValue(3);
    render(bar());
    expect(mockedCount).toHaveBeenCalledWith('me');
    const bell = screen.getByRole('link', { name: 'Activity, 3 unread' });
    expect(bell).toHaveTextContent('3');
    await userEvent.click(bell);
    expect(screen.getByText('Activity page')).toBeInTheDocument();
  });

  it('follows the live count, and shows no number when nothing is unread or it is unknown', () => {
    mockedCount.mockReturnValue(1);
    const { rerender } = render(bar());
    expect(screen.getByRole('link', { name: 'Activity, 1 unread' })).toHaveTextContent('1');
    mockedCount.mockReturnValue(0);
    rerender(bar());
    expect(screen.getByRole('link', { name: 'Activity' })).toHaveTextContent('');
    mockedCount.mockReturnValue(null);
    rerender(bar());
    expect(screen.getByRole('link', { name: 'Activity' })).toHaveTextContent('');
  });

  it('caps the number it shows', () => {
    mockedCount.mockReturnValue(100);
    render(bar());
    expect(screen.getByRole('link', { name: 'Activity, 99+ unread' })).toHaveTextContent('99+');
  });

  it('tells the shell the member may be heading to the activity page', async () => {
    mockedCount.mockReturnValue(0);
    const onIntent = jest.fn();
    render(bar(onIntent));
    await userEvent.hover(screen.getByRole('link', { name: 'Activity' }));
    expect(onIntent).toHaveBeenCalled();
  });
});
