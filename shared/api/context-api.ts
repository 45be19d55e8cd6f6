import { z } from 'zod';
import type { CompletionValues, ContextCatalog, ResourceUpdate } from '../context/context-types.ts';

const server = z.string().min(1).max(200);
const uri = z.string().min(1).max(8_192);
/** Who shows the resource (a chip, a preview): a resource stays subscribed while anyone does. */
const watcher = z.string().min(1).max(200);

export const contextMethods = {
  'context.catalog': z.object({}).strict(),
  /** `completion/complete` (Server Features → Completion) for a prompt's or a template's argument. */
  'context.complete': z
    .object({
      server,
      ref: z.discriminatedUnion('type', [
        z.object({ type: z.literal('ref/prompt'), name: z.string().min(1).max(500) }).strict(),
        z.object({ type: z.literal('ref/resource'), uri }).strict(),
      ]),
      argument: z.object({ name: z.string().min(1).max(500), value: z.string().max(10_000) }).strict(),
      /** The values of the other arguments filled in so far. */
      context: z.record(z.string(), z.string().max(10_000)).optional(),
    })
    .strict(),
  /** A resource template's URI with its variables filled in (RFC 6570, the SDK's `UriTemplate`). */
  'context.expand': z.object({ uriTemplate: z.string().min(1).max(8_192), values: z.record(z.string(), z.string().max(10_000)) }).strict(),
  'context.watch': z.object({ server, uri, watcher }).strict(),
  'context.unwatch': z.object({ server, uri, watcher }).strict(),
} as const;

export interface ContextResults {
  'context.catalog': ContextCatalog;
  'context.complete': CompletionValues;
  'context.expand': { uri: string };
  /** `subscribed`: the server will say when it changes; false when it cannot (no `resources.subscribe`). */
  'context.watch': { subscribed: boolean };
  'context.unwatch': { watching: boolean };
}

export interface ContextEvents {
  'context.resourceUpdated': ResourceUpdate;
}

export const contextEventNames = ['context.resourceUpdated'] as const satisfies readonly (keyof ContextEvents)[];

/** A prompt's messages as the person saw them before sending (`prompts.get`), to go into the conversation. */
export const promptContextSchema = z
  .object({
    server,
    prompt: z.string().min(1).max(500),
    title: z.string().max(500).optional(),
    messages: z
      .array(z.object({ role: z.enum(['user', 'assistant']), content: z.looseObject({ type: z.string().min(1).max(50) }) }).strict())
      .min(1)
      .max(100),
  })
  .strict();

/** Context that goes with a `chat.send`: prompt messages, and resources to read and attach. */
export const sendContextSchema = z
  .object({
    prompts: z.array(promptContextSchema).max(10).optional(),
    attachments: z.array(z.object({ server, uri }).strict()).max(50).optional(),
  })
  .strict();

export type SendContext = z.output<typeof sendContextSchema>;
