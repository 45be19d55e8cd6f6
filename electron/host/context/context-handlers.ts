import type { z } from 'zod';
import type { contextMethods, ContextResults } from '../../../shared/api/context-api.ts';
import type { ContextService } from './context-service.ts';
import type { ResourceWatches } from './resource-watches.ts';

type ContextMethodName = keyof typeof contextMethods;

export type ContextHandlers = {
  [M in ContextMethodName]: (params: z.output<(typeof contextMethods)[M]>) => Promise<ContextResults[M]>;
};

/** The context part of HostApi: the composer's catalog, completions, and watching resources shown. */
export function createContextHandlers(context: ContextService, watches: ResourceWatches): ContextHandlers {
  return {
    'context.catalog': async () => context.catalog(),
    'context.complete': async ({ server, ref, argument, context: filled }) => context.complete(server, ref, argument, filled),
    'context.watch': async ({ server, uri, watcher }) => ({ subscribed: await watches.watch(server, uri, watcher) }),
    'context.unwatch': async ({ server, uri, watcher }) => ({ watching: await watches.unwatch(server, uri, watcher) }),
  };
}
