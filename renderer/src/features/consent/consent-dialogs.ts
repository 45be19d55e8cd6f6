import type { ComponentType } from 'react';
import type { ConsentKind } from '../../../../shared/consent/consent-types.ts';
import type { ConsentDialogProps } from './consent-dialog-props.ts';
import { ElicitationFormDialog } from './ElicitationFormDialog.tsx';
import { ElicitationUrlDialog } from './ElicitationUrlDialog.tsx';
import { OpenUrlDialog } from './OpenUrlDialog.tsx';
import { SamplingDialog } from './SamplingDialog.tsx';
import { ServerTrustDialog } from './ServerTrustDialog.tsx';
import { ToolApprovalDialog } from './ToolApprovalDialog.tsx';
import { ToolChangeDialog } from './ToolChangeDialog.tsx';

/** One dialog per kind of request; a kind joins the consent center with one entry here. */
export const consentDialogs: { [K in ConsentKind]?: ComponentType<ConsentDialogProps<K>> } = {
  'tool-approval': ToolApprovalDialog,
  'elicitation-form': ElicitationFormDialog,
  'elicitation-url': ElicitationUrlDialog,
  sampling: SamplingDialog,
  'server-trust': ServerTrustDialog,
  'open-url': OpenUrlDialog,
  'tool-change': ToolChangeDialog,
};
