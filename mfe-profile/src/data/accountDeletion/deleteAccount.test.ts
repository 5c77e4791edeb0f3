import { confirmPassword, deleteSignedInAccount } from './accountAuth';
import { deleteAccount } from './deleteAccount';
import type { DeletionProgress, DeletionStep } from './deleteAccount';

/** The runner with the Auth calls faked and steps that record what ran. */
jest.mock('./accountAuth', () => ({
  confirmPassword: jest.fn(),
  deleteSignedInAccount: jest.fn(),
}));
jest.mock('./steps', () => ({}));

const ran: string[] = [];
const step = (id: string, run: () => Promise<void> = async () => {}): DeletionStep => ({
  id,
  label: `Label ${id}`,
  run: async (uid) => {
    ran.push(`${id}:${uid}`);
    await run();
  },
});

beforeEach(() => {
  ran.length = 0;
  jest.mocked(confirmPassword).mockReset().mockResolvedValue(undefined);
  jest.mocked(deleteSignedInAccount).mockReset();
});

test('confirms the password, then runs every step in order, telling the progress first', async () => {
  const progress: DeletionProgress[] = [];
  await deleteAccount('me', 'secret', (p) => progress.push(p), [step('a'), step('b')]);

  expect(confirmPassword).toHaveBeenCalledWith('secret');
  expect(ran).toEqual(['a:me', 'b:me']);
  expect(progress).toEqual([
    { stepId: 'a', label: 'Label a', index: 0, total: 2 },
    { stepId: 'b', label: 'Label b', index: 1, total: 2 },
  ]);
});

test('a wrong password deletes nothing', async () => {
  jest.mocked(confirmPassword).mockRejectedValue({ code: 'auth/wrong-password' });

  await expect(deleteAccount('me', 'nope', undefined, [step('a')])).rejects.toEqual({
    code: 'auth/wrong-password',
  });
  expect(ran).toEqual([]);
});

test('a refusal (something new arrived meanwhile) runs the steps again, at most three times', async () => {
  let refusals = 2;
  const last = step('last', async () => {
    if (refusals-- > 0) throw { code: 'permission-denied' };
  });
  await deleteAccount('me', 'secret', undefined, [step('a'), last]);
  expect(ran).toEqual(['a:me', 'last:me', 'a:me', 'last:me', 'a:me', 'last:me']);

  ran.length = 0;
  const never = step('never', async () => {
    throw { code: 'permission-denied' };
  });
  await expect(deleteAccount('me', 'secret', undefined, [never])).rejects.toEqual({
    code: 'permission-denied',
  });
  expect(ran).toHaveLength(3);
});

test('any other failure stops at once, leaving later steps for the next call', async () => {
  const broken = step('broken', async () => {
    throw new Error('offline');
  });
  await expect(
    deleteAccount('me', 'secret', undefined, [step('a'), broken, step('c')]),
  ).rejects.toThrow('offline');
  expect(ran).toEqual(['a:me', 'broken:me']);
});
