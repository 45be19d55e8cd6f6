import { useCallback, useEffect, useRef, useState } from 'react';
import type { GetPromptResult, ReadResourceResult } from '@modelcontextprotocol/client';
import type { HostMethodParams } from '../../../../shared/api/host-api.ts';
import { useAppStore, useHostApi } from '../../app/host-context.tsx';
import { resourceKey } from '../../store/context-slice.ts';

export interface PendingPrompt {
  id: string;
  server: string;
  prompt: string;
  title?: string;
  messages: GetPromptResult['messages'];
}

export interface Attachment {
  id: string;
  server: string;
  uri: string;
  name: string;
  mimeType?: string;
  /** Characters the server sent (base64 for binaries). */
  size: number;
  /** When it was read; an update after that marks it changed. */
  readAt: number;
  /** The server will say when it changes. */
  subscribed: boolean;
}

export type SendContext = NonNullable<HostMethodParams<'chat.send'>['context']>;
/** The contract checks content loosely (a `type`); the host takes MCP content blocks as they came. */
type PromptMessages = NonNullable<SendContext['prompts']>[number]['messages'];

let counter = 0;
const nextId = () => `ctx-${Date.now().toString(36)}-${++counter}`;

export function contentSize(result: ReadResourceResult): number {
  return result.contents.reduce((total, item) => total + ('text' in item ? item.text.length : item.blob.length), 0);
}

/** The prompts and resources waiting in the composer to go with the next message. */
export function useComposerContext() {
  const api = useHostApi();
  const [prompts, setPrompts] = useState<PendingPrompt[]>([]);
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const watched = useRef(attachments);
  watched.current = attachments;

  // Whatever is still attached when the composer goes away is no longer shown.
  useEffect(
    () => () => {
      for (const attachment of watched.current) void api.call('context.unwatch', { server: attachment.server, uri: attachment.uri, watcher: attachment.id }).catch(() => {});
    },
    [api],
  );

  const addPrompt = useCallback((prompt: Omit<PendingPrompt, 'id'>) => setPrompts((current) => [...current, { ...prompt, id: nextId() }]), []);
  const removePrompt = useCallback((id: string) => setPrompts((current) => current.filter((prompt) => prompt.id !== id)), []);

  const attach = useCallback(
    async (server: string, uri: string, name: string) => {
      const result = await api.call('resources.read', { server, uri });
      const id = nextId();
      const { subscribed } = await api.call('context.watch', { server, uri, watcher: id }).catch(() => ({ subscribed: false }));
      const attachment: Attachment = { id, server, uri, name, mimeType: result.contents[0]?.mimeType, size: contentSize(result), readAt: Date.now(), subscribed };
      setAttachments((current) => [...current, attachment]);
    },
    [api],
  );

  const detach = useCallback(
    (id: string) => {
      const attachment = watched.current.find((entry) => entry.id === id);
      setAttachments((current) => current.filter((entry) => entry.id !== id));
      if (attachment) void api.call('context.unwatch', { server: attachment.server, uri: attachment.uri, watcher: id }).catch(() => {});
    },
    [api],
  );

  const reread = useCallback(
    async (id: string) => {
      const attachment = watched.current.find((entry) => entry.id === id);
      if (!attachment) return;
      const result = await api.call('resources.read', { server: attachment.server, uri: attachment.uri });
      setAttachments((current) => current.map((entry) => (entry.id === id ? { ...entry, size: contentSize(result), mimeType: result.contents[0]?.mimeType ?? entry.mimeType, readAt: Date.now() } : entry)));
    },
    [api],
  );

  const clear = useCallback(() => {
    for (const attachment of watched.current) void api.call('context.unwatch', { server: attachment.server, uri: attachment.uri, watcher: attachment.id }).catch(() => {});
    setPrompts([]);
    setAttachments([]);
  }, [api]);

  const sendContext = (): SendContext | undefined => {
    if (prompts.length === 0 && attachments.length === 0) return undefined;
    return {
      ...(prompts.length > 0
        ? { prompts: prompts.map(({ server, prompt, title, messages }) => ({ server, prompt, ...(title ? { title } : {}), messages: messages as PromptMessages })) }
        : {}),
      ...(attachments.length > 0 ? { attachments: attachments.map(({ server, uri }) => ({ server, uri })) } : {}),
    };
  };

  return { prompts, attachments, addPrompt, removePrompt, attach, detach, reread, clear, sendContext };
}

/** Whether the server said the resource changed after it was read. */
export function useChanged(server: string, uri: string, readAt: number): boolean {
  return useAppStore((state) => (state.resourceUpdates[resourceKey(server, uri)] ?? 0) > readAt);
}
