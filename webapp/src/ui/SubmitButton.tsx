import type { ReactNode } from 'react';

interface Props {
  /** The button's classes ('btn btn-primary'). */
  className: string;
  /** The id of the list of reasons below it (SaveProblems), which it points to while disabled. */
  problemsId: string;
  /** Why it is disabled; empty when it is not. */
  problems: string[];
  /** A request is on its way, or another reason it waits. */
  busy?: boolean;
  /** A form's submit button (the default), or a plain button with `onClick`. */
  onClick?: () => void;
  children: ReactNode;
}

/** A save or send button: disabled while something stops it or a request is on its way, pointing
 * at the reasons listed under it (ui/SaveProblems). */
export function SubmitButton({ className, problemsId, problems, busy = false, onClick, children }: Props) {
  return (
    <button
      type={onClick ? 'button' : 'submit'}
      className={className}
      disabled={problems.length > 0 || busy}
      aria-describedby={problems.length > 0 ? problemsId : undefined}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
