import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FirestoreEngine } from '../../src/firestore/engine';
import { hasPendingSigkill, liveOwnerOf } from '../../src/firestore/engine/lock';

/**
 * The data directory's lock against real processes: a running owner is refused; a dead one, a
 * zombie, a pid now used by another process and a lock from before a reboot are taken over.
 */

let dir: string;
let lock: string;
const children: ChildProcess[] = [];
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-test-'));
  fs.mkdirSync(path.join(dir, 'firestore'), { recursive: true });
  lock = path.join(dir, 'firestore', 'LOCK');
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

function statOf(pid: number): { state: string; start: string } {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0]!, start: fields[19]! };
}

const bootId = () => fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();

/** A process that runs until the test ends. */
function holder(): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], {
    stdio: 'ignore',
  });
  children.push(child);
  return child;
}

function writeLock(owner: { pid: number; start: string | null; boot: string | null }): void {
  fs.writeFileSync(lock, JSON.stringify(owner));
}

async function expectRefused(pid: number): Promise<void> {
  await expect(FirestoreEngine.open({ dataDir: dir })).rejects.toMatchObject({
    status: 'FAILED_PRECONDITION',
    message: expect.stringContaining(`in use by another emulator (process ${pid})`),
  });
}

async function expectTakenOver(): Promise<void> {
  const engine = await FirestoreEngine.open({ dataDir: dir });
  expect(JSON.parse(fs.readFileSync(lock, 'utf8'))).toEqual({
    pid: process.pid,
    start: statOf(process.pid).start,
    boot: bootId(),
  });
  await engine.close();
  expect(fs.existsSync(lock)).toBe(false);
}

test('a running owner is refused; once it is killed, its lock is taken over', async () => {
  const owner = holder();
  writeLock({ pid: owner.pid!, start: statOf(owner.pid!).start, boot: bootId() });
  await expectRefused(owner.pid!);
  expect(liveOwnerOf(dir)).toMatchObject({ pid: owner.pid });

  owner.kill('SIGKILL');
  await new Promise((resolve) => owner.once('exit', resolve));
  expect(liveOwnerOf(dir)).toBeNull();
  await expectTakenOver();
});

test('a lock naming a pid that another process uses now (a different start) is taken over', async () => {
  const other = holder();
  const { start } = statOf(other.pid!);
  writeLock({ pid: other.pid!, start: String(Number(start) - 1), boot: bootId() });
  expect(liveOwnerOf(dir)).toBeNull();
  await expectTakenOver();
});

test('a lock from before a reboot is taken over, whatever runs under its pid now', async () => {
  const other = holder();
  writeLock({ pid: other.pid!, start: statOf(other.pid!).start, boot: 'an-earlier-boot' });
  expect(liveOwnerOf(dir)).toBeNull();
  await expectTakenOver();
});

test('a zombie owner (killed, not yet reaped by its parent) is taken over', async () => {
  // `sleep 0` exits at once; the shell turned `sleep 60` never reaps it, so it stays a zombie.
  const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 60'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  children.push(parent);
  const zombie = await new Promise<number>((resolve) =>
    parent.stdout!.once('data', (chunk: Buffer) => resolve(Number(String(chunk).trim()))),
  );
  const deadline = Date.now() + 5000;
  while (statOf(zombie).state !== 'Z') {
    if (Date.now() > deadline) throw new Error(`process ${zombie} never became a zombie`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  writeLock({ pid: zombie, start: statOf(zombie).start, boot: bootId() });
  expect(liveOwnerOf(dir)).toBeNull();
  await expectTakenOver();
});

test('an old lock file holding a bare pid still refuses a running owner', async () => {
  const owner = holder();
  fs.writeFileSync(lock, String(owner.pid));
  await expectRefused(owner.pid!);
});

test('a lock naming a process that no longer exists is taken over', async () => {
  const gone = holder();
  const pid = gone.pid!;
  const { start } = statOf(pid);
  gone.kill('SIGKILL');
  await new Promise((resolve) => gone.once('exit', resolve));
  writeLock({ pid, start, boot: bootId() });
  await expectTakenOver();
});

test('an owner with SIGKILL pending (killed, still in a system call) is seen as dying', () => {
  const status = (sigPnd: string, shdPnd: string) =>
    `Name:\tnode\nState:\tD (disk sleep)\nSigPnd:\t${sigPnd}\nShdPnd:\t${shdPnd}\nSigBlk:\t0000000000000100\n`;
  expect(hasPendingSigkill(status('0000000000000000', '0000000000000100'))).toBe(true);
  expect(hasPendingSigkill(status('0000000000000100', '0000000000000000'))).toBe(true);
  // SIGTERM (bit 15) and SIGINT (bit 2) pending, and SIGKILL's bit only in another mask.
  expect(hasPendingSigkill(status('0000000000004002', '0000000000000000'))).toBe(false);
});
