/** Cuts `text` to at most `maxChars` UTF-16 units without splitting a surrogate pair. */
export function sliceChars(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  let end = Math.max(0, maxChars);
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return text.slice(0, end);
}

export const DESCRIPTION_TRUNCATION_MARKER = ' …[description truncated]';

/** Keeps a description within `maxChars`, marker included, so the model can tell it was cut. */
export function capDescription(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  return sliceChars(text, maxChars - DESCRIPTION_TRUNCATION_MARKER.length).trimEnd() + DESCRIPTION_TRUNCATION_MARKER;
}
