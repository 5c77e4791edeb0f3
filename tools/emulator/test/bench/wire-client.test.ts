import { FrameReader } from '../../bench/wire/frames';
import { TargetView } from '../../bench/wire/targetView';

/** What the server writes: the length counts UTF-16 code units. */
const frame = (json: string) => `${json.length}\n${json}`;

describe('FrameReader', () => {
  test('returns frames split anywhere across chunks, in order', () => {
    const text = frame('[[1,["noop"]]]') + frame('[[2,[{"a":"b"}]],[3,[{"c":1}]]]');
    for (let cut = 0; cut <= text.length; cut++) {
      const reader = new FrameReader();
      const frames = [...reader.push(text.slice(0, cut)), ...reader.push(text.slice(cut))];
      expect(frames).toEqual([
        [[1, ['noop']]],
        [
          [2, [{ a: 'b' }]],
          [3, [{ c: 1 }]],
        ],
      ]);
      expect(reader.pending).toBe('');
    }
  });

  test('counts non-ASCII text in UTF-16 code units, not bytes', () => {
    const json = JSON.stringify([[1, [{ text: 'héllo 👋' }]]]);
    const reader = new FrameReader();
    expect(reader.push(frame(json) + frame('[[2,["noop"]]]'))).toEqual([
      [[1, [{ text: 'héllo 👋' }]]],
      [[2, ['noop']]],
    ]);
  });

  test('keeps an unfinished frame and refuses a bad length line', () => {
    const reader = new FrameReader();
    expect(reader.push('12\n[[1,["no')).toEqual([]);
    expect(reader.pending).toBe('12\n[[1,["no');
    expect(() => new FrameReader().push('x1\n[]')).toThrow('bad frame length');
  });
});

describe('TargetView', () => {
  const doc = (n: number) => ({
    name: `projects/p/databases/(default)/documents/bench/d${n}`,
    fields: { n: { integerValue: String(n) } },
    updateTime: '2024-01-01T00:00:00.000001Z',
  });
  const global = (readTime: string) => ({ targetChange: { readTime } });

  function currentView(): TargetView {
    const view = new TargetView(2);
    view.apply({ targetChange: { targetChangeType: 'ADD', targetIds: [2] } });
    view.apply({
      targetChange: {
        targetChangeType: 'CURRENT',
        targetIds: [2],
        readTime: '2024-01-01T00:00:00Z',
      },
    });
    view.apply(global('2024-01-01T00:00:00Z'));
    return view;
  }

  test('changes become visible only with the global targetChange', () => {
    const view = currentView();
    view.apply({ documentChange: { document: doc(1), targetIds: [2] } });
    expect(view.snapshot.size).toBe(0);
    view.apply(global('2024-01-01T00:00:01Z'));
    expect([...view.snapshot.keys()]).toEqual([doc(1).name]);
    view.apply({ documentRemove: { document: doc(1).name, removedTargetIds: [2] } });
    view.apply(global('2024-01-01T00:00:02Z'));
    expect(view.snapshot.size).toBe(0);
    expect({ changes: view.changes, removals: view.removals, snapshots: view.snapshots }).toEqual({
      changes: 1,
      removals: 1,
      snapshots: 3,
    });
  });

  test("a RESET replaces the window with what follows it, as Google's emulator sends a window", () => {
    const view = currentView();
    view.apply({ documentChange: { document: doc(1), targetIds: [2] } });
    view.apply({ documentChange: { document: doc(2), targetIds: [2] } });
    view.apply(global('2024-01-01T00:00:01Z'));
    // d3 is written; the window (limit 2) is sent again in full and d1 simply is not in it.
    view.apply({ targetChange: { targetChangeType: 'RESET', targetIds: [2] } });
    view.apply({ documentChange: { document: doc(2), targetIds: [2] } });
    view.apply({ documentChange: { document: doc(3), targetIds: [2] } });
    view.apply({ targetChange: { targetChangeType: 'CURRENT', targetIds: [2] } });
    expect([...view.snapshot.keys()].sort()).toEqual([doc(1).name, doc(2).name]);
    view.apply(global('2024-01-01T00:00:02Z'));
    expect([...view.snapshot.keys()].sort()).toEqual([doc(2).name, doc(3).name]);
    expect({
      changes: view.changes,
      distinct: view.changedNames.size,
      removals: view.removals,
    }).toEqual({
      changes: 4,
      distinct: 3,
      removals: 0,
    });
  });

  test('ignores messages for other targets', () => {
    const view = currentView();
    view.apply({ documentChange: { document: doc(1), targetIds: [4] } });
    view.apply({ documentDelete: { document: doc(1).name, removedTargetIds: [4] } });
    view.apply(global('2024-01-01T00:00:01Z'));
    expect(view.changes + view.removals).toBe(0);
    expect(view.snapshot.size).toBe(0);
  });

  test('fails on a removed target, a stream error, or a readTime going backwards', () => {
    expect(() =>
      currentView().apply({
        targetChange: { targetChangeType: 'REMOVE', targetIds: [2], cause: { message: 'denied' } },
      }),
    ).toThrow('target 2 removed: denied');
    expect(() => currentView().apply({ error: { status: 'INTERNAL', message: 'x' } })).toThrow(
      'listen error INTERNAL',
    );
    const view = currentView();
    view.apply(global('2024-01-01T00:00:01.000002Z'));
    expect(() => view.apply(global('2024-01-01T00:00:01.000001Z'))).toThrow(
      'readTime went backwards',
    );
  });
});
