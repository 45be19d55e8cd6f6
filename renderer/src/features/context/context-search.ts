import type { Icon, Prompt } from '@modelcontextprotocol/client';
import type { ContextCatalog } from '../../../../shared/context/context-types.ts';
import type { ResourceTemplateEntry } from '../../../../shared/servers/server-state.ts';

export type PickerItem =
  | { kind: 'prompt'; key: string; server: string; name: string; title?: string; description?: string; prompt: Prompt }
  | { kind: 'resource'; key: string; server: string; name: string; title?: string; description?: string; uri: string; mimeType?: string; size?: number; icons?: Icon[] }
  | { kind: 'template'; key: string; server: string; name: string; title?: string; description?: string; template: ResourceTemplateEntry };

/** What the composer's text asks for: `/query` at its start, or an `@query` word where the caret is. */
export type Trigger = { kind: 'prompt'; query: string; start: number } | { kind: 'resource'; query: string; start: number };

export function triggerAt(text: string, caret: number): Trigger | undefined {
  const before = text.slice(0, caret);
  const slash = /^\/(\S*)$/.exec(before);
  if (slash) return { kind: 'prompt', query: slash[1], start: 0 };
  const at = /(^|\s)@(\S*)$/.exec(before);
  if (at) return { kind: 'resource', query: at[2], start: before.length - at[2].length - 1 };
  return undefined;
}

function matches(query: string, ...fields: (string | undefined)[]): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const haystack = fields.filter(Boolean).join(' ').toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** The prompts, or the resources and templates, that match what was typed, best (name starts with it) first. */
export function pickerItems(catalog: ContextCatalog, trigger: Trigger): PickerItem[] {
  const items: PickerItem[] =
    trigger.kind === 'prompt'
      ? catalog.prompts.map(({ server, prompt }) => ({
          kind: 'prompt' as const,
          key: `prompt:${server}:${prompt.name}`,
          server,
          name: prompt.name,
          title: prompt.title,
          description: prompt.description,
          prompt,
        }))
      : [
          ...catalog.resources.map(({ server, resource }) => ({
            kind: 'resource' as const,
            key: `resource:${server}:${resource.uri}`,
            server,
            name: resource.name,
            title: resource.title,
            description: resource.description,
            uri: resource.uri,
            mimeType: resource.mimeType,
            size: resource.size,
            ...(resource.icons ? { icons: resource.icons } : {}),
          })),
          ...catalog.templates.map(({ server, template }) => ({
            kind: 'template' as const,
            key: `template:${server}:${template.uriTemplate}`,
            server,
            name: template.name,
            title: template.title,
            description: template.description,
            template,
          })),
        ];
  const query = trigger.query.toLowerCase();
  const found = items.filter((item) =>
    matches(query, item.name, item.title, item.server, item.description, item.kind === 'resource' ? item.uri : item.kind === 'template' ? item.template.uriTemplate : undefined),
  );
  const starts = (item: PickerItem) => (item.name.toLowerCase().startsWith(query) || (item.title ?? '').toLowerCase().startsWith(query) ? 0 : 1);
  return found.map((item, index) => ({ item, index })).sort((a, b) => starts(a.item) - starts(b.item) || a.index - b.index).map(({ item }) => item);
}

/** The variables of an RFC 6570 template, in order: `{a}`, `{+b}`, `{?c,d}`, `{e*}`, `{f:3}`. */
export function templateVariables(uriTemplate: string): string[] {
  const names: string[] = [];
  for (const [, expression] of uriTemplate.matchAll(/\{([^}]+)\}/g)) {
    for (const spec of expression.replace(/^[+#./;?&]/, '').split(',')) {
      const name = spec.replace(/\*$/, '').replace(/:\d+$/, '').trim();
      if (name && !names.includes(name)) names.push(name);
    }
  }
  return names;
}

export function formatSize(chars: number): string {
  if (chars < 1_000) return `${chars} B`;
  if (chars < 1_000_000) return `${(chars / 1_000).toFixed(1)} kB`;
  return `${(chars / 1_000_000).toFixed(1)} MB`;
}
