import type { ResultPart } from './result-parts.ts';
import { sliceChars } from './text-cap.ts';

export interface ResultLimits {
  /** Characters of text per result sent to the model (default 100,000). */
  maxChars?: number;
  /** Images per result (default 8). */
  maxImages?: number;
  /** Decoded bytes per image (default 3,750,000: about 5 MB of base64, Anthropic's per-image limit). */
  maxImageBytes?: number;
  /** PDF documents per result (default 2). */
  maxDocuments?: number;
  /** Decoded bytes per PDF (default 10,000,000; Anthropic caps a whole request at 32 MB). */
  maxDocumentBytes?: number;
}

export const DEFAULT_RESULT_LIMITS: Required<ResultLimits> = {
  maxChars: 100_000,
  maxImages: 8,
  maxImageBytes: 3_750_000,
  maxDocuments: 2,
  maxDocumentBytes: 10_000_000,
};

/** What the model got compared with what the tool returned, so the UI can say so and keep the whole. */
export interface ResultReport {
  /** True when anything was withheld from the model. */
  truncated: boolean;
  originalChars: number;
  sentChars: number;
  images: { total: number; sent: number };
  documents: { total: number; sent: number };
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/**
 * Applies the caps in content order. Text past the budget is cut, with a notice right there telling the
 * model how much it did not get; images and PDFs are counted apart from text. Switchboard's notices are
 * not charged to the budget.
 */
export function limitResultParts(parts: readonly ResultPart[], limits: ResultLimits = {}): { parts: ResultPart[]; report: ResultReport } {
  const caps = { ...DEFAULT_RESULT_LIMITS, ...limits };
  const out: ResultPart[] = [];
  const report: ResultReport = {
    truncated: false,
    originalChars: 0,
    sentChars: 0,
    images: { total: 0, sent: 0 },
    documents: { total: 0, sent: 0 },
  };
  let remaining = Math.max(0, caps.maxChars);
  let noticeAt = -1;
  const overCount = { images: 0, documents: 0 };

  for (const part of parts) {
    if (part.kind === 'text') {
      report.originalChars += part.text.length;
      if (remaining === 0) continue;
      const sent = part.text.length <= remaining ? part.text : sliceChars(part.text, remaining);
      remaining -= sent.length;
      report.sentChars += sent.length;
      // Both providers reject empty text blocks.
      if (sent !== '') out.push(sent === part.text ? part : { kind: 'text', text: sent });
      if (sent !== part.text) noticeAt = out.length;
      continue;
    }
    const isImage = part.kind === 'image';
    const tally = isImage ? report.images : report.documents;
    const maxCount = isImage ? caps.maxImages : caps.maxDocuments;
    const maxBytes = isImage ? caps.maxImageBytes : caps.maxDocumentBytes;
    const what = isImage ? `image (${part.mimeType})` : 'PDF document';
    tally.total++;
    if (tally.sent >= maxCount) {
      overCount[isImage ? 'images' : 'documents']++;
    } else if (part.bytes > maxBytes) {
      out.push({
        kind: 'text',
        text: `[Switchboard: an ${what} of ${part.bytes.toLocaleString('en-US')} bytes was too large to send to you (limit ${maxBytes.toLocaleString('en-US')}); the user can see it.]`,
      });
    } else {
      tally.sent++;
      out.push(part);
    }
  }

  if (report.sentChars < report.originalChars) {
    const notice = `[Switchboard: this result was cut to ${report.sentChars.toLocaleString('en-US')} of ${report.originalChars.toLocaleString('en-US')} characters; the other ${(report.originalChars - report.sentChars).toLocaleString('en-US')} were not sent to you. The user can see the whole result.]`;
    out.splice(noticeAt === -1 ? out.length : noticeAt, 0, { kind: 'text', text: notice });
  }
  if (overCount.images > 0) {
    out.push({ kind: 'text', text: `[Switchboard: ${plural(overCount.images, 'more image')} not sent to you (at most ${caps.maxImages} per result); the user can see them.]` });
  }
  if (overCount.documents > 0) {
    out.push({ kind: 'text', text: `[Switchboard: ${plural(overCount.documents, 'more PDF document')} not sent to you (at most ${caps.maxDocuments} per result); the user can see them.]` });
  }
  if (out.length === 0) out.push({ kind: 'text', text: '(The tool returned no content.)' });
  report.truncated =
    report.sentChars < report.originalChars || report.images.sent < report.images.total || report.documents.sent < report.documents.total;
  return { parts: out, report };
}
