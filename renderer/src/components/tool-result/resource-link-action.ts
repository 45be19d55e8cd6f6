import { createContext } from 'react';
import type { ReactNode } from 'react';
import type { ResourceLink } from '@modelcontextprotocol/client';

/** What a view around a result offers for a resource link in it (the chat: preview and attach); none by default. */
export const ResourceLinkAction = createContext<((link: ResourceLink) => ReactNode) | undefined>(undefined);
