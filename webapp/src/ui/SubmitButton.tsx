import type { ReactNode } from 'react';
import { SaveProblems } from './SaveProblems';

/** What a send button says while its request is on its way. */
export const SENDING = 'Enviando...';

interface Props {
  /** The button's classes ('btn btn-primary'). */
  className: string;
  /** The id of the list of reasons below it (SaveProblems), which it points to while disabled. */
  problemsId: string;
  /** Why it is disabled; empty when it is not. */
  problems: string[];
  /** A request is on its way, or another reason it waits. */
  busy?: boolean;
  /** Its request is on its way: it waits and says so (SENDING) instead of its label. */
  sending?: boolean;
  /** A form's submit button (the default), or a plain button with `onClick`. */
  onClick?: () => void;
  children: ReactNode;
}

/** A save or send button: disabled while something stops it or a request is on its way, pointing
 * at the reasons listed under it (ui/SaveProblems). */
export function SubmitButton({
  className,
  problemsId,
  problems,
  busy = false,
  sending = false,
  onClick,
  children,
}: Props) {
  return (
    <button
      type={onClick ? 'button' : 'submit'}
      className={className}
      disabled={problems.length > 0 || busy || sending}
      aria-describedby={problems.length > 0 ? problemsId : undefined}
      onClick={onClick}
    >
      {sending ? SENDING : children}
    </button>
  );
}

interface SendButtonProps {
  /** The id of the list of reasons, right under the button. */
  id: string;
  className: string;
  problems: string[];
  sending?: boolean;
  /** What the list says first ('No se puede guardar todavía:' unless told). */
  heading?: string;
  /** Nothing typed yet: the reasons are what is still to do, not errors (ui/SaveProblems). */
  pending?: boolean;
  children: ReactNode;
}

/** A form's submit button with the list of what stops it right under it. */
export function SendButton({ id, className, problems, sending, heading, pending, children }: SendButtonProps) {
  return (
    <>
      <SubmitButton className={className} problemsId={id} problems={problems} sending={sending}>
        {children}
      </SubmitButton>
      <SaveProblems id={id} problems={problems} heading={heading} pending={pending} />
    </>
  );
}
