import type { PinnedDefinition } from '../chat/tool-definition.ts';
import { diffText } from './text-diff.ts';
import type { DiffRow } from './text-diff.ts';

/** One part of a tool definition, before and after, as diff rows. */
export interface DefinitionDiffSection {
  label: string;
  changed: boolean;
  rows: DiffRow[];
}

/** JSON with sorted keys and two-space indents, so equal values print alike and a diff shows only real changes. */
export function prettyJson(value: unknown): string {
  if (value === undefined) return '';
  const sorted = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(sorted);
    if (item && typeof item === 'object') {
      return Object.fromEntries(
        Object.keys(item)
          .sort()
          .map((key) => [key, sorted((item as Record<string, unknown>)[key])]),
      );
    }
    return item;
  };
  return JSON.stringify(sorted(value), null, 2);
}

const PARTS: { label: string; text(definition: PinnedDefinition): string }[] = [
  { label: 'Name', text: (definition) => definition.name },
  { label: 'Title', text: (definition) => definition.title ?? '' },
  { label: 'Description', text: (definition) => definition.description ?? '' },
  { label: 'Input schema', text: (definition) => prettyJson(definition.inputSchema) },
  { label: 'Output schema', text: (definition) => prettyJson(definition.outputSchema) },
  { label: 'Annotations', text: (definition) => prettyJson(definition.annotations) },
  { label: 'Execution', text: (definition) => prettyJson(definition.execution) },
  { label: 'Behaviour metadata (_meta)', text: (definition) => prettyJson(definition._meta) },
];

/**
 * The approved definition against the current one, part by part; parts empty on both sides are left out.
 * Without an approved definition on record (a grant from before definitions were kept) the before side is empty.
 */
export function definitionDiff(previous: PinnedDefinition | undefined, current: PinnedDefinition): DefinitionDiffSection[] {
  const sections: DefinitionDiffSection[] = [];
  for (const part of PARTS) {
    const before = previous ? part.text(previous) : '';
    const after = part.text(current);
    if (before === '' && after === '') continue;
    sections.push({ label: part.label, changed: before !== after, rows: diffText(before, after) });
  }
  return sections;
}
