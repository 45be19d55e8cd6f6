import type { TokenUsage } from '../../../../shared/chat/chat-types.ts';

const count = new Intl.NumberFormat('en');

/** "1,234 in · 56 out · 1,000 cached": what a turn cost, as the provider counted it. */
export function formatUsage(usage: TokenUsage): string {
  const parts = [`${count.format(usage.inputTokens)} in`, `${count.format(usage.outputTokens)} out`];
  if (usage.cacheReadTokens > 0) parts.push(`${count.format(usage.cacheReadTokens)} cache read`);
  if (usage.cacheCreationTokens > 0) parts.push(`${count.format(usage.cacheCreationTokens)} cache write`);
  return parts.join(' · ');
}

/** The last time a conversation changed, short: a time today, a date otherwise. */
export function formatWhen(epochMs: number, now: number = Date.now()): string {
  const date = new Date(epochMs);
  const today = new Date(now);
  const sameDay = date.toDateString() === today.toDateString();
  return sameDay ? date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }) : date.toLocaleDateString();
}
