import { McpIcon } from '../../components/icons/McpIcon.tsx';
import { ServerText } from '../../components/ServerText.tsx';
import type { PickerItem } from './context-search.ts';
import { formatSize } from './context-search.ts';

interface ContextPickerProps {
  kind: 'prompt' | 'resource';
  items: PickerItem[] | undefined;
  active: number;
  onPick: (item: PickerItem) => void;
  onHover: (index: number) => void;
}

export const PICKER_ID = 'composer-context-picker';

/** The list under the composer for `/` (prompts) and `@` (resources and templates); the textarea keeps focus. */
export function ContextPicker({ kind, items, active, onPick, onHover }: ContextPickerProps) {
  const label = kind === 'prompt' ? 'Prompts' : 'Resources';
  if (!items) return <p className="context-picker muted" role="status">Loading {label.toLowerCase()}…</p>;
  if (items.length === 0) {
    return (
      <p className="context-picker muted" role="status">
        {kind === 'prompt' ? 'No prompt of a connected server matches.' : 'No resource or template of a connected server matches.'}
      </p>
    );
  }
  return (
    <ul className="context-picker" id={PICKER_ID} role="listbox" aria-label={label}>
      {items.slice(0, 50).map((item, index) => (
        <li
          key={item.key}
          id={`${PICKER_ID}-${index}`}
          role="option"
          aria-selected={index === active}
          className={index === active ? 'context-option active' : 'context-option'}
          onMouseDown={(event) => {
            // Keeps the textarea focused: the pick happens on click.
            event.preventDefault();
          }}
          onMouseEnter={() => onHover(index)}
          onClick={() => onPick(item)}
        >
          <span className="context-option-name">
            <McpIcon server={item.server} icons={item.kind === 'prompt' ? item.prompt.icons : item.kind === 'template' ? item.template.icons : item.icons} />
            {item.kind === 'prompt' ? '/' : item.kind === 'template' ? '@{…} ' : '@'}
            <ServerText text={item.name} />
          </span>
          {item.title && item.title !== item.name && (
            <span className="context-option-title">
              <ServerText text={item.title} />
            </span>
          )}
          <span className="context-option-server pill">{item.server}</span>
          {item.kind === 'resource' && (
            <span className="context-option-meta muted">
              <ServerText text={item.uri} />
              {item.mimeType ? ` · ${item.mimeType}` : ''}
              {item.size !== undefined ? ` · ${formatSize(item.size)}` : ''}
            </span>
          )}
          {item.kind === 'template' && (
            <span className="context-option-meta muted">
              <ServerText text={item.template.uriTemplate} />
            </span>
          )}
          {item.description && (
            <span className="context-option-description muted">
              <ServerText text={item.description} />
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
