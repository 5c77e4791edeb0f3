import type { StoredDocument } from '../../values/types';
import { proto3Fields } from './proto3';

/** Opaque to the client; a resumed target is answered with RESET and the full set anyway. */
export function resumeTokenFor(readTime: string): string {
  return Buffer.from(readTime).toString('base64');
}

export function wireDocument(doc: StoredDocument): Record<string, unknown> {
  return {
    name: doc.name,
    fields: proto3Fields(doc.fields),
    createTime: doc.createTime,
    updateTime: doc.updateTime,
  };
}

/**
 * The JSON of one commit's Listen messages, built once per commit and shared by every session it
 * reaches: with many listeners, encoding the same document (and the same closing targetChange)
 * once per session was the largest cost of a write.
 */
export class CommitEncoding {
  readonly readTimeJson: string;
  /** The global targetChange that ends the commit's snapshot (no target ids). */
  readonly globalChange: string;
  private readonly documents = new Map<StoredDocument, string>();

  constructor(readTime: string) {
    this.readTimeJson = JSON.stringify(readTime);
    this.globalChange = JSON.stringify({
      targetChange: { readTime, resumeToken: resumeTokenFor(readTime) },
    });
  }

  /** `wireDocument(doc)` as JSON, encoded on first use. */
  document(doc: StoredDocument): string {
    let json = this.documents.get(doc);
    if (json === undefined) {
      json = JSON.stringify(wireDocument(doc));
      this.documents.set(doc, json);
    }
    return json;
  }
}
