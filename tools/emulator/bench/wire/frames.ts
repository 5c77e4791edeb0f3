/**
 * Incremental reader of WebChannel backchannel text: `<length>\n<json>` frames where the length
 * counts UTF-16 code units (what the server writes and the SDK's chunk parser counts), arriving
 * in arbitrary chunks. Feed it decoded text (a UTF-8 decoder that keeps split characters, e.g.
 * `res.setEncoding('utf8')`), never raw byte offsets.
 */
export class FrameReader {
  private buffer = '';

  /** Adds a chunk; returns the JSON value of every frame it completed, in order. */
  push(chunk: string): unknown[] {
    this.buffer += chunk;
    const frames: unknown[] = [];
    let pos = 0;
    for (;;) {
      const newline = this.buffer.indexOf('\n', pos);
      if (newline < 0) break;
      const lengthText = this.buffer.slice(pos, newline);
      if (!/^\d+$/.test(lengthText)) {
        throw new Error(`bad frame length ${JSON.stringify(lengthText.slice(0, 40))}`);
      }
      const end = newline + 1 + Number(lengthText);
      if (end > this.buffer.length) break;
      frames.push(JSON.parse(this.buffer.slice(newline + 1, end)));
      pos = end;
    }
    this.buffer = this.buffer.slice(pos);
    return frames;
  }

  /** Text of an unfinished frame (non-empty when a response ended mid-frame). */
  get pending(): string {
    return this.buffer;
  }
}
