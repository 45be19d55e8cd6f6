import { startTransition, useActionState, useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { GetPromptResult, Prompt } from '@modelcontextprotocol/client';
import type { ServerState } from '../../../../../shared/servers/server-state.ts';
import { useHostApi } from '../../../app/host-context.tsx';
import { FormError } from '../../../components/FormError.tsx';
import { errorMessage } from '../../../components/error-message.ts';
import { ContentBlockView } from '../../../components/tool-result/ContentBlockView.tsx';
import { ServerText } from '../../../components/ServerText.tsx';
import { writeOutHidden } from '../../../../../shared/text/hidden-characters.ts';
import { McpIcon } from '../../../components/icons/McpIcon.tsx';

export function PromptsTab({ server, prompts }: { server: ServerState; prompts: Prompt[] }) {
  const [selectedName, setSelectedName] = useState<string>();
  const selected = prompts.find((prompt) => prompt.name === selectedName) ?? prompts[0];
  if (prompts.length === 0) return <p className="muted empty-panel">This server offers no prompts.</p>;
  return (
    <div className="split">
      <ul className="item-list" aria-label="Prompts">
        {prompts.map((prompt) => (
          <li key={prompt.name} className={prompt === selected ? 'item selected' : 'item'}>
            <button type="button" className="item-main" aria-current={prompt === selected ? 'true' : undefined} onClick={() => setSelectedName(prompt.name)}>
              <span className="item-title">
                <McpIcon server={server.name} icons={prompt.icons} />
                <ServerText text={prompt.title ?? prompt.name} />
              </span>
              {prompt.title && <code className="item-name"><ServerText text={prompt.name} /></code>}
              {prompt.description && <span className="item-description"><ServerText text={prompt.description} /></span>}
            </button>
          </li>
        ))}
      </ul>
      {selected && <PromptPanel key={selected.name} server={server} prompt={selected} />}
    </div>
  );
}

type GetState = { result?: GetPromptResult; error?: string };

function PromptPanel({ server, prompt }: { server: ServerState; prompt: Prompt }) {
  const api = useHostApi();
  const formId = useId();
  const [values, setValues] = useState<Record<string, string>>({});
  const [state, get, getting] = useActionState(async (_previous: GetState, args: Record<string, string>): Promise<GetState> => {
    try {
      return { result: await api.call('prompts.get', { server: server.name, name: prompt.name, arguments: args }) };
    } catch (error) {
      return { error: errorMessage(error) };
    }
  }, {});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Empty optional arguments are left out rather than sent as "".
    const args = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
    startTransition(() => get(args));
  };
  const argumentsList = prompt.arguments ?? [];
  return (
    <article className="item-panel" aria-label={`Prompt ${writeOutHidden(prompt.name)}`}>
      <header>
        <h3><ServerText text={prompt.title ?? prompt.name} /></h3>
      </header>
      {prompt.description && <p className="description"><ServerText text={prompt.description} /></p>}
      <form className="prompt-form" onSubmit={submit}>
        {argumentsList.map((argument) => (
          <div className="field" key={argument.name}>
            <label htmlFor={`${formId}-${argument.name}`}>
              <ServerText text={argument.name} />
              {argument.required && <span aria-hidden="true"> *</span>}
            </label>
            <input
              id={`${formId}-${argument.name}`}
              value={values[argument.name] ?? ''}
              required={argument.required}
              onChange={(event) => setValues((current) => ({ ...current, [argument.name]: event.target.value }))}
            />
            {argument.description && <p className="field-hint"><ServerText text={argument.description} /></p>}
          </div>
        ))}
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={getting || server.status !== 'connected'}>
            {getting ? 'Getting…' : 'Get prompt'}
          </button>
        </div>
      </form>
      <FormError message={state.error} />
      {state.result && (
        <section className="prompt-result" aria-label="Prompt messages">
          {state.result.description && <p className="muted"><ServerText text={state.result.description} /></p>}
          <ol className="message-list">
            {state.result.messages.map((message, index) => (
              <li key={index} className={`message message-${message.role}`}>
                <span className="message-role">{message.role}</span>
                <ContentBlockView block={message.content} />
              </li>
            ))}
          </ol>
        </section>
      )}
    </article>
  );
}
