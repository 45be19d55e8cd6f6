import { createContext, use } from 'react';
import type { ReactNode } from 'react';
import { Dialog } from '../../components/Dialog.tsx';

/** Inside a group several requests share one dialog: each becomes a section of it. */
export const ConsentGroupContext = createContext(false);

interface ConsentFrameProps {
  title: string;
  description?: string;
  /** "Decide later": the × and Esc put the request aside; only the dialog's own buttons answer it. */
  onDefer: () => void;
  size?: 'normal' | 'wide';
  children: ReactNode;
}

/** Every consent dialog's frame: a modal of its own, or a section of the group it was asked in. */
export function ConsentFrame({ title, description, onDefer, size = 'wide', children }: ConsentFrameProps) {
  if (use(ConsentGroupContext)) {
    return (
      <section className="consent-group-item" aria-label={title}>
        <h3>{title}</h3>
        {description && <p className="muted">{description}</p>}
        {children}
      </section>
    );
  }
  return (
    <Dialog title={title} description={description} onClose={onDefer} size={size}>
      {children}
    </Dialog>
  );
}
