import type { Prompt } from '@modelcontextprotocol/client';
import { Dialog } from '../../components/Dialog.tsx';
import type { ResourceTemplateEntry } from '../../../../shared/servers/server-state.ts';
import { ArgumentsForm } from './ArgumentsForm.tsx';
import { templateVariables } from './context-search.ts';

/** A prompt's arguments, asked before `prompts/get`. */
export function PromptArgumentsDialog({ server, prompt, onSubmit, onClose }: { server: string; prompt: Prompt; onSubmit: (values: Record<string, string>) => Promise<void>; onClose: () => void }) {
  return (
    <Dialog title={`Prompt ${prompt.title ?? prompt.name}`} description={prompt.description ? `${prompt.description} (${server})` : `From ${server}`} onClose={onClose}>
      <ArgumentsForm
        server={server}
        completionRef={{ type: 'ref/prompt', name: prompt.name }}
        fields={(prompt.arguments ?? []).map((argument) => ({ name: argument.name, description: argument.description, required: argument.required === true }))}
        submitLabel="Insert prompt"
        onSubmit={onSubmit}
        onCancel={onClose}
      />
    </Dialog>
  );
}

/** The variables of a resource template, each with completions; the host expands the URI (RFC 6570). */
export function TemplateForm({ server, template, submitLabel, onSubmit, onCancel }: { server: string; template: ResourceTemplateEntry; submitLabel: string; onSubmit: (values: Record<string, string>) => Promise<void>; onCancel?: () => void }) {
  return (
    <ArgumentsForm
      server={server}
      completionRef={{ type: 'ref/resource', uri: template.uriTemplate }}
      fields={templateVariables(template.uriTemplate).map((name) => ({ name, required: true }))}
      submitLabel={submitLabel}
      onSubmit={onSubmit}
      onCancel={onCancel}
    />
  );
}

export function TemplateDialog({ server, template, onSubmit, onClose }: { server: string; template: ResourceTemplateEntry; onSubmit: (values: Record<string, string>) => Promise<void>; onClose: () => void }) {
  return (
    <Dialog title={`Resource ${template.title ?? template.name}`} description={`${template.uriTemplate} on ${server}`} onClose={onClose}>
      <TemplateForm server={server} template={template} submitLabel="Attach" onSubmit={onSubmit} onCancel={onClose} />
    </Dialog>
  );
}
