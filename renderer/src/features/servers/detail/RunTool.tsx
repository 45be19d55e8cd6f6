import { startTransition, useActionState, useMemo, useState } from 'react';
import Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { ServerState, ToolCallOutcome, ToolEntry } from '../../../../../shared/servers/server-state.ts';
import { useAppStore, useHostApi } from '../../../app/host-context.tsx';
import { CallProgressBar } from '../../../components/CallProgressBar.tsx';
import { TaskStatus } from '../../../components/TaskStatus.tsx';
import { FormError } from '../../../components/FormError.tsx';
import { errorMessage } from '../../../components/error-message.ts';
import { ToolResultView } from '../../../components/tool-result/ToolResultView.tsx';
import { AppView } from '../../apps/AppView.tsx';
import { formSchemaOf, hasInputs } from './tool-form-schema.ts';
import { toolFormValidator } from './schema-validator.ts';
import './rjsf.css';

type RunState = { outcome?: ToolCallOutcome; error?: string };

const uiSchema: UiSchema = { 'ui:submitButtonOptions': { norender: true }, 'ui:title': '' };

export function RunTool({ server, tool }: { server: ServerState; tool: ToolEntry }) {
  const api = useHostApi();
  const schema = useMemo(() => formSchemaOf(tool.inputSchema) as RJSFSchema, [tool.inputSchema]);
  // Kept here so a failed run leaves every input as it was.
  const [formData, setFormData] = useState<Record<string, unknown>>({});
  // Names each run in its progress events.
  const [callId, setCallId] = useState<string | undefined>();
  const progress = useAppStore((store) => (callId ? store.callProgress[callId] : undefined));
  const task = useAppStore((store) => (callId ? store.callTasks[callId] : undefined));
  const [state, run, running] = useActionState(async (_previous: RunState, { args, id }: { args: Record<string, unknown>; id: string }): Promise<RunState> => {
    try {
      return { outcome: await api.call('tools.call', { server: server.name, tool: tool.name, arguments: args, callId: id }) };
    } catch (error) {
      return { error: errorMessage(error) };
    }
  }, {});
  const connected = server.status === 'connected';

  const submit = (event: IChangeEvent<Record<string, unknown>>) => {
    const args = event.formData ?? {};
    setFormData(args);
    // Set outside the transition: updates inside an action are only shown once it ends.
    const id = crypto.randomUUID();
    setCallId(id);
    startTransition(() => run({ args, id }));
  };

  return (
    <section className="run-tool" aria-label="Run tool">
      <h4>Run tool</h4>
      <Form
        schema={schema}
        uiSchema={uiSchema}
        validator={toolFormValidator()}
        formData={formData}
        onChange={(event) => setFormData(event.formData ?? {})}
        onSubmit={submit}
        // The errors are shown next to the fields; the default handler would also log them as console errors.
        onError={() => {}}
        showErrorList={false}
        noHtml5Validate
        className="rjsf run-tool-form"
        idPrefix={`tool-${tool.name}`}
      >
        {!hasInputs(schema) && <p className="muted small">This tool takes no input.</p>}
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={running || !connected}>
            {running ? 'Running…' : 'Run'}
          </button>
          {!connected && <span className="muted small">The server is not connected.</span>}
        </div>
      </Form>
      {running && progress && <CallProgressBar progress={progress} />}
      {task && <TaskStatus task={task} />}
      <FormError message={state.error} />
      {state.outcome && <ToolResultView result={state.outcome.result} durationMs={state.outcome.durationMs} />}
      {state.outcome && <AppView key={callId} call={{ server: server.name, tool: tool.name, arguments: formData, result: state.outcome.result }} show />}
    </section>
  );
}
