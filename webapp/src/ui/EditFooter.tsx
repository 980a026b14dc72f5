import type { ReactNode } from 'react';
import { SaveProblems } from './SaveProblems';

interface Props {
  /** The row's classes ('d-flex gap-2 mt-4'). */
  className: string;
  /** 'Volver': back to the list. */
  onBack: () => void;
  /** The id of the list of reasons under the row, which the submit button points to. */
  problemsId: string;
  problems: string[];
  /** Nothing stops it and nothing is on its way. */
  enabled: boolean;
  submitLabel: ReactNode;
  /** The form's own buttons, between 'Volver' and the submit button. */
  children?: ReactNode;
}

/** An entity form's last row ('Volver', its own buttons, the submit button) with the reasons it
 * waits listed under it. */
export function EditFooter({ className, onBack, problemsId, problems, enabled, submitLabel, children }: Props) {
  return (
    <>
      <div className={className}>
        <button type="button" className="btn btn-secondary" onClick={onBack}>
          Volver
        </button>
        {children}
        <button type="submit" className="btn btn-primary" disabled={!enabled} aria-describedby={problemsId}>
          {submitLabel}
        </button>
      </div>
      <SaveProblems id={problemsId} problems={problems} />
    </>
  );
}
