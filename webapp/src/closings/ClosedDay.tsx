import type { FormEvent } from 'react';
import { SaveProblems } from '../ui/SaveProblems';
import { SubmitButton } from '../ui/SubmitButton';
import { MESSAGES } from './messages';
import { MotivoField } from './MotivoField';

interface Props {
  admin: boolean;
  printing: boolean;
  onPrint: () => void;
  reopenMotivo: string;
  onReopenMotivo: (motivo: string) => void;
  /** Why 'Reabrir caja' is disabled; empty when it is not. */
  reopenProblems: string[];
  onReopen: () => void;
}

/** What a closed day offers: its report, and for admins the reopening with its reason. */
export function ClosedDay({ admin, printing, onPrint, reopenMotivo, onReopenMotivo, reopenProblems, onReopen }: Props) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (reopenProblems.length === 0) onReopen();
  };
  return (
    <>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <button type="button" className="btn btn-outline-primary" disabled={printing} onClick={onPrint}>
          Imprimir
        </button>
      </div>
      {admin ? (
        <form aria-label="Reabrir caja" onSubmit={submit} noValidate className="card card-body">
          <MotivoField
            id="motivoReapertura"
            label="Motivo de la reapertura"
            value={reopenMotivo}
            onChange={onReopenMotivo}
            help="Queda registrado con tu usuario."
          />
          <div>
            <SubmitButton className="btn btn-warning" problemsId="reapertura-problems" problems={reopenProblems}>
              Reabrir caja
            </SubmitButton>
          </div>
          <SaveProblems id="reapertura-problems" problems={reopenProblems} />
        </form>
      ) : (
        <p className="text-muted small">{MESSAGES.cerradaVendedor}</p>
      )}
    </>
  );
}
