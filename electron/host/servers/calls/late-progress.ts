/**
 * The SDK reports progress for a request it no longer tracks as an error. A notification that crossed the
 * result on the wire is ordinary (Utilities → Progress: progress stops with completion, but both may be in
 * flight at once), so it is dropped without a word rather than logged once per message.
 */
export function isLateProgress(error: Error): boolean {
  return error.message.startsWith('Received a progress notification for an unknown token');
}
