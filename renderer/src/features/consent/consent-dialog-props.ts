import type { ConsentKind, ConsentRequestOf } from '../../../../shared/consent/consent-types.ts';

export interface ConsentDialogProps<K extends ConsentKind> {
  request: ConsentRequestOf<K>;
  /** Where this request is among the open ones the person can answer here. */
  position: { index: number; total: number };
  /** "Decide later": the request stays open, out of the way. */
  onDefer: () => void;
}
