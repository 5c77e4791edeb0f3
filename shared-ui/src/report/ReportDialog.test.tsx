import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReportDialog } from './ReportDialog';
import { ReportDialog as PackageReportDialog } from '../index';

const REASONS = [
  { reason: 'spam', label: 'Spam' },
  { reason: 'hate', label: 'Hate speech or symbols' },
];

// jsdom has <dialog> without its modal behaviour: opening marks it open, as a browser would.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

function renderDialog(onSubmit = jest.fn().mockResolvedValue(undefined), onClose = jest.fn()) {
  render(
    <ReportDialog
      subject="this post"
      reasons={REASONS}
      noteMaxLength={500}
      onSubmit={onSubmit}
      onClose={onClose}
      errorMessage={() => 'You already reported this.'}
    />,
  );
  return { onSubmit, onClose };
}

it('is a dialog named by its title, with the first reason focused', () => {
  renderDialog();
  expect(screen.getByRole('dialog', { name: 'Report this post' })).toBeInTheDocument();
  expect(screen.getByRole('radio', { name: 'Spam' })).toHaveFocus();
  expect(screen.getByRole('group', { name: 'Why are you reporting it?' })).toBeInTheDocument();
});

it('asks for a reason before sending', async () => {
  const { onSubmit } = renderDialog();
  await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Choose a reason.');
  expect(onSubmit).not.toHaveBeenCalled();
});

it('sends the reason and the note, then confirms', async () => {
  const { onSubmit, onClose } = renderDialog();
  await userEvent.click(screen.getByRole('radio', { name: 'Hate speech or symbols' }));
  await userEvent.type(screen.getByRole('textbox', { name: /Anything to add/ }), 'Slurs');
  await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
  expect(onSubmit).toHaveBeenCalledWith('hate', 'Slurs');
  expect(await screen.findByRole('status')).toHaveTextContent('Thanks for telling us');
  await userEvent.click(screen.getByRole('button', { name: 'Close' }));
  expect(onClose).toHaveBeenCalled();
});

it('bounds the note', () => {
  renderDialog();
  expect(screen.getByRole('textbox', { name: /Anything to add/ })).toHaveAttribute(
    'maxLength',
    '500',
  );
});

it('shows a refused send and lets the member try again', async () => {
  const onSubmit = jest.fn().mockRejectedValueOnce(new Error('denied'));
  renderDialog(onSubmit);
  await userEvent.click(screen.getByRole('radio', { name: 'Spam' }));
  await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('You already reported this.');
  expect(screen.getByRole('button', { name: 'Send report' })).toBeEnabled();
});

it('closes on Escape', async () => {
  const { onClose } = renderDialog();
  await userEvent.keyboard('{Escape}');
  expect(onClose).toHaveBeenCalledTimes(1);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

it('closes on Cancel', async () => {
  const { onClose } = renderDialog();
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(onClose).toHaveBeenCalledTimes(1);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

it('is what the package exports, fetched on first use and opened with the first reason focused', async () => {
  render(
    <PackageReportDialog
      subject="Ann"
      reasons={REASONS}
      noteMaxLength={500}
      onSubmit={jest.fn()}
      onClose={jest.fn()}
    />,
  );
  expect(await screen.findByRole('dialog', { name: 'Report Ann' })).toBeInTheDocument();
  expect(screen.getByRole('radio', { name: 'Spam' })).toHaveFocus();
});
