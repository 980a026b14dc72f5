import { BalanceList } from './BalanceList';
import { MESSAGES } from './messages';

/** Under a patient's form: what they owe at every branch, with 'Cobrar' on each sale. */
export function PatientBalances({ idPaciente }: { idPaciente: number }) {
  return (
    <section className="mt-4" aria-labelledby="cuenta-corriente-title">
      <h3 className="h5" id="cuenta-corriente-title">
        Cuenta corriente
      </h3>
      <BalanceList localId={0} idPaciente={idPaciente} withPatient={false} empty={MESSAGES.pacienteSinSaldos} />
    </section>
  );
}
