import type { FormEvent, ReactNode } from 'react';
import { SaveProblems } from './SaveProblems';
import { SubmitButton } from './SubmitButton';

interface RowSubmit {
  label: string;
  /** The button's classes ('btn btn-primary'). */
  className: string;
  /** The button's column at the end of the row ('col-md-auto'). */
  column: string;
  /** Why it is disabled; empty when it is not. */
  problems: string[];
  sending: boolean;
}

interface Props {
  /** Names the list of reasons under the row (`${name}-problems`). */
  name: string;
  /** The card's heading, which names the form too. */
  title: string;
  /** What the form is for, under the heading. */
  help?: ReactNode;
  onSubmit: (e: FormEvent) => void;
  submit: RowSubmit;
  /** The fields, each in its column of the row. */
  children: ReactNode;
}

/** A short form in a card: its fields in one row ending with the submit button, and the reasons
 * the button waits listed under the row. */
export function RowForm({ name, title, help, onSubmit, submit, children }: Props) {
  const problemsId = `${name}-problems`;
  return (
    <form className="card mb-3" aria-label={title} onSubmit={onSubmit} noValidate>
      <div className="card-body">
        <h3 className="h5">{title}</h3>
        {help}
        <div className="row g-2 align-items-end">
          {children}
          <div className={submit.column}>
            <SubmitButton
              className={submit.className}
              problemsId={problemsId}
              problems={submit.problems}
              sending={submit.sending}
            >
              {submit.label}
            </SubmitButton>
          </div>
        </div>
        <SaveProblems id={problemsId} problems={submit.problems} />
      </div>
    </form>
  );
}
