import type { ApprovalMode } from '../../../../shared/consent/human-settings.ts';

export interface ApprovalModeText {
  label: string;
  description: string;
}

/** The names say what happens; the dangerous one says so in its name, not only in its description. */
export const approvalModeText: Record<ApprovalMode, ApprovalModeText> = {
  ask: {
    label: 'Ask every time',
    description: 'Every tool call waits for your approval, unless you allowed that tool before (Tool permissions, below).',
  },
  'auto-read-only': {
    label: 'Run read-only tools without asking, on servers I trust',
    description:
      'Tools that a server marks read-only run straight away, but only on servers you switch on under “Trusted for auto-approval”. The mark is the server’s own claim, so trust it only for servers you trust. Everything else still asks.',
  },
  'allow-everything': {
    label: 'Allow everything without asking (dangerous)',
    description: 'Every tool call of every server runs without asking, whatever it does: deleting files, sending messages, spending money. Use only for a short while, with servers you fully trust.',
  },
};
