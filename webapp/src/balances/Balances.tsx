import { useState } from 'react';
import { useListLookupQuery } from '../api/lookups';
import { useAppSelector } from '../app/store';
import { isAdmin } from '../session/sessionSlice';
import type { Paciente } from '../api/patients';
import { BranchFilter } from '../ui/BranchFilter';
import { PatientPicker, pickerTexts } from '../ui/PatientPicker';
import { BalanceList } from './BalanceList';
import { MESSAGES, TITLES } from './messages';

/**
 * Route cuentasCorrientes (staff): the sales with something still owed, oldest first, with the
 * total owed; 'Cobrar' records a payment in today's cash of the branch that collects it. An
 * admin filters by branch; anyone by patient (a seller then sees that patient's debts at every
 * branch, since the branch where the customer shows up collects).
 */
export function Balances() {
  const session = useAppSelector((s) => s.session);
  const admin = isAdmin(session);
  const { data: locales = [] } = useListLookupQuery('/api/local');
  const [localId, setLocalId] = useState(0);
  const [paciente, setPaciente] = useState<Paciente | null>(null);

  return (
    <section>
      <h2 className="text-center mb-3">CUENTAS CORRIENTES</h2>
      <div className="row g-2 mb-3 align-items-end">
        {admin && (
          <BranchFilter
            id="saldoLocal"
            className="col-sm-6 col-md-3"
            value={localId}
            locales={locales}
            onChange={setLocalId}
          />
        )}
        <div className="col-12">
          <PatientPicker
            paciente={paciente}
            onChange={setPaciente}
            texts={pickerTexts(TITLES, MESSAGES)}
            inputId="saldoPaciente"
            testId="paciente-elegido"
          />
        </div>
      </div>
      {!admin && !paciente && <p className="text-muted small">{MESSAGES.soloTuLocal}</p>}
      <BalanceList key={`${localId}/${paciente?.id ?? 0}`} localId={localId} idPaciente={paciente?.id ?? null} />
    </section>
  );
}
