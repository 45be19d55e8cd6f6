import type { ComponentType } from 'react';
import type { ConsentKind } from '../../../../shared/consent/consent-types.ts';
import type { ConsentDialogProps } from './consent-dialog-props.ts';
import { ToolApprovalDialog } from './ToolApprovalDialog.tsx';

/** One dialog per kind of request; a kind joins the consent center with one entry here. */
export const consentDialogs: { [K in ConsentKind]?: ComponentType<ConsentDialogProps<K>> } = {
  'tool-approval': ToolApprovalDialog,
};
