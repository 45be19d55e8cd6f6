import { UriTemplate } from '@modelcontextprotocol/client';
import type { z } from 'zod';
import { HostError } from '../../../shared/api/host-error.ts';
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
    'context.expand': async ({ uriTemplate, values }) => {
      try {
        return { uri: new UriTemplate(uriTemplate).expand(values) };
      } catch (error) {
        throw new HostError('invalid_params', `cannot expand ${uriTemplate}: ${(error as Error).message}`);
      }
    },
    'context.watch': async ({ server, uri, watcher }) => ({ subscribed: await watches.watch(server, uri, watcher) }),
    'context.unwatch': async ({ server, uri, watcher }) => ({ watching: await watches.unwatch(server, uri, watcher) }),
  };
}
