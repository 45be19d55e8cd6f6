import { useEffect, useMemo, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { ContextCatalog } from '../../../../shared/context/context-types.ts';
import { useHostApi } from '../../app/host-context.tsx';
import { pickerItems, triggerAt } from './context-search.ts';
import type { PickerItem, Trigger } from './context-search.ts';

/**
 * The `/` and `@` list of the composer: opens when the text asks for it, fetches the catalog of every connected
 * server once per opening, and is driven from the textarea's keys (arrows, Enter or Tab to pick, Esc to close).
 */
export function useContextPicker(text: string, caret: number, onPick: (item: PickerItem, trigger: Trigger) => void) {
  const api = useHostApi();
  const trigger = useMemo(() => triggerAt(text, caret), [text, caret]);
  const [catalog, setCatalog] = useState<ContextCatalog>();
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string>();
  const open = trigger !== undefined && dismissed !== `${trigger.kind}:${trigger.start}`;

  useEffect(() => {
    if (!open) {
      setCatalog(undefined);
      return;
    }
    let current = true;
    api.call('context.catalog', {}).then(
      (result) => current && setCatalog(result),
      () => current && setCatalog({ prompts: [], resources: [], templates: [] }),
    );
    return () => {
      current = false;
    };
    // Fetched again only when the list opens anew, not at every key.
  }, [api, open, trigger?.kind]);

  const items = useMemo(() => (open && catalog && trigger ? pickerItems(catalog, trigger) : undefined), [open, catalog, trigger]);
  useEffect(() => setActive(0), [trigger?.query, trigger?.kind]);
  useEffect(() => {
    if (!trigger) setDismissed(undefined);
  }, [trigger]);

  /** True when the key was the picker's. */
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open || !trigger) return false;
    const count = Math.min(items?.length ?? 0, 50);
    if (event.key === 'Escape') {
      setDismissed(`${trigger.kind}:${trigger.start}`);
    } else if (event.key === 'ArrowDown' && count > 0) {
      setActive((index) => (index + 1) % count);
    } else if (event.key === 'ArrowUp' && count > 0) {
      setActive((index) => (index - 1 + count) % count);
    } else if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey && items && items[active]) {
      onPick(items[active], trigger);
    } else {
      return false;
    }
    event.preventDefault();
    return true;
  };

  return { open, trigger, items, active, setActive, onKeyDown, pick: (item: PickerItem) => trigger && onPick(item, trigger) };
}
