import { useEffect, type FormEvent, type ReactNode } from 'react';
import { SaveProblems } from './SaveProblems';
import { SubmitButton } from './SubmitButton';
import { submitter } from './submit';

interface ModalProps {
  /** The title's id, which names the dialog. */
  titleId: string;
  title: ReactNode;
  /** 'Cerrar' (×) in the header; none when the dialog must be answered. */
  onClose?: () => void;
  /** A form's dialog: the content is the form, submitted by the footer's button. */
  onSubmit?: (e: FormEvent) => void;
  /** The form's accessible name. */
  formLabel?: string;
  /** Centred and scrolling inside (the form dialogs), or Bootstrap's plain dialog. */
  centered?: boolean;
  footer: ReactNode;
  /** The footer's own classes: 'd-block' stacks the buttons over the reasons they wait. */
  footerClassName?: string;
  children: ReactNode;
}

/** The one dialog of the app: a React modal over a backdrop, so no Bootstrap script is needed and
 * it reads the same on a phone. The title names it; a form dialog is one form. */
export function Modal({
  titleId,
  title,
  onClose,
  onSubmit,
  formLabel,
  centered = false,
  footer,
  footerClassName,
  children,
}: ModalProps) {
  const inside = (
    <>
      <div className="modal-header">
        {centered ? (
          <h3 className="modal-title h5" id={titleId}>
            {title}
          </h3>
        ) : (
          <h5 className="modal-title" id={titleId}>
            {title}
          </h5>
        )}
        {onClose && <button type="button" className="btn-close" aria-label="Cerrar" onClick={onClose} />}
      </div>
      <div className="modal-body">{children}</div>
      <div className={footerClassName ? `modal-footer ${footerClassName}` : 'modal-footer'}>{footer}</div>
    </>
  );
  return (
    <>
      <div className="modal d-block" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div className={centered ? 'modal-dialog modal-dialog-centered modal-dialog-scrollable' : 'modal-dialog'}>
          {onSubmit ? (
            <form className="modal-content" aria-label={formLabel} onSubmit={onSubmit} noValidate>
              {inside}
            </form>
          ) : (
            <div className="modal-content">{inside}</div>
          )}
        </div>
      </div>
      <div className="modal-backdrop show" />
    </>
  );
}

/** Closes with Escape, unless `busy` (a request on its way is not left behind). */
export function useEscape(onClose: () => void, busy: boolean) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !busy) onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose, busy]);
}

/** A dialog's submit button: its label and Bootstrap colour, why it is disabled (empty when it
 * is not), and whether its request is on its way (the button says so and waits). */
interface DialogSubmit {
  label: string;
  className: string;
  problems: string[];
  sending: boolean;
}

interface FormDialogProps<A> {
  /** Names the title, the form and the list of reasons (`${name}-title-…`, `${name}-problems`). */
  name: string;
  /** Its record's key, so two dialogs of one screen have different titles. */
  titleKey: string | number;
  title: ReactNode;
  formLabel: string;
  onClose: () => void;
  /** The dialog's request, sent once the reasons are gone and nothing is on its way. */
  send: () => Promise<A>;
  /** Tells what the server answered, once the dialog closed. */
  saved: (answer: A) => void;
  /** Tells a refusal; the dialog stays open to try again. */
  refused: (error: unknown) => void;
  submit: DialogSubmit;
  children: ReactNode;
}

/** A form in a dialog: 'Cancelar' and its submit button, which lists why it is disabled and says
 * when it is sending; Escape closes it while nothing is on its way. Once the server takes its
 * request it closes. */
export function FormDialog<A>({
  name,
  titleKey,
  title,
  formLabel,
  onClose,
  send,
  saved,
  refused,
  submit: { label: submitLabel, className: submitClassName, problems, sending },
  children,
}: FormDialogProps<A>) {
  useEscape(onClose, sending);
  const problemsId = `${name}-problems`;
  const submit = submitter(
    problems.length > 0 || sending,
    async () => {
      const answer = await send();
      onClose();
      saved(answer);
    },
    refused,
  );
  return (
    <Modal
      titleId={`${name}-title-${titleKey}`}
      title={title}
      onClose={onClose}
      onSubmit={submit}
      formLabel={formLabel}
      centered
      footerClassName="d-block"
      footer={
        <>
          <div className="d-flex gap-2 justify-content-end">
            <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
              Cancelar
            </button>
            <SubmitButton
              className={`btn ${submitClassName}`}
              problemsId={problemsId}
              problems={problems}
              sending={sending}
            >
              {submitLabel}
            </SubmitButton>
          </div>
          <SaveProblems id={problemsId} problems={problems} />
        </>
      }
    >
      {children}
    </Modal>
  );
}
