import type { ApprovalPolicy } from '../chat/approval/tool-approver.ts';
import type { HumanSettingsStore } from './human-settings-store.ts';

/**
 * The approval mode as the chat's policy seam. `auto-read-only` takes a server's `readOnlyHint` at its word
 * only where the person said they trust that server (server/tools § Tool annotations: clients MUST consider
 * annotations untrusted unless they come from trusted servers); everything else goes to grants and the person.
 */
export function approvalPolicy(settings: HumanSettingsStore): ApprovalPolicy {
  return (question) => {
    const mode = settings.approvalMode();
    if (mode === 'allow-everything') return { allow: true };
    if (mode === 'auto-read-only' && question.tool.annotations?.readOnlyHint === true && settings.server(question.server).autoApproveReadOnly) {
      return { allow: true };
    }
    return 'ask';
  };
}
