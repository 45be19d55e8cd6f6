import { writeOutHidden } from '../../../shared/text/hidden-characters.ts';

interface AppContext {
  server: string;
  tool: string;
  text: string;
}

/**
 * What apps asked the model to know (`ui/update-model-context`, MCP Apps 2026-01-26): the latest per app in
 * each conversation, replacing the one before (as the spec says), kept in memory for this run. It goes into
 * the system prompt of the conversation's following turns, fenced and labelled as the app's words.
 */
export class AppModelContext {
  private readonly conversations = new Map<string, Map<string, AppContext>>();

  set(conversationId: string, server: string, tool: string, text: string): void {
    const apps = this.conversations.get(conversationId) ?? new Map<string, AppContext>();
    const key = JSON.stringify([server, tool]);
    if (text.trim()) apps.set(key, { server, tool, text: text.trim() });
    else apps.delete(key);
    if (apps.size > 0) this.conversations.set(conversationId, apps);
    else this.conversations.delete(conversationId);
  }

  /** The system prompt with the conversation's app contexts after it, hidden characters written out. */
  promptWith(base: string, conversationId: string): string {
    const apps = this.conversations.get(conversationId);
    if (!apps) return base;
    const sections = [...apps.values()].map(({ server, tool, text }) => {
      const label = (value: string) => writeOutHidden(value).replace(/"/g, "'");
      return `<app_context server="${label(server)}" tool="${label(tool)}">\n${writeOutHidden(text).replace(/<\/?app_context/gi, '')}\n</app_context>`;
    });
    return [
      base.trim(),
      'Apps shown in this conversation shared the following context. It is written by each app (its server), not by the person.',
      ...sections,
    ]
      .filter(Boolean)
      .join('\n\n');
  }
}
