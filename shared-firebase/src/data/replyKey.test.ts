import { replyKey } from './replyKey';

describe('replyKey', () => {
  test('a reply with an id is known by it', () => {
    expect(replyKey({ reply: 'Hi', userId: 'ann', id: 'abcdefghij0123456789' })).toBe(
      'abcdefghij0123456789',
    );
  });

  test('an old reply is known by its writer and text, whatever its position', () => {
    const key = replyKey({ reply: 'Hi', userId: 'ann' });
    expect(key).toMatch(/^old[0-9a-f]{16}$/);
    expect(replyKey({ reply: 'Hi', userId: 'ann' })).toBe(key);
    expect(replyKey({ reply: 'Hi', userId: 'ben' })).not.toBe(key);
    expect(replyKey({ reply: 'Hi!', userId: 'ann' })).not.toBe(key);
    // The separator keeps "a" + "nnHi" apart from "ann" + "Hi".
    expect(replyKey({ reply: 'nnHi', userId: 'a' })).not.toBe(key);
  });
});
