// The customer balances' answers as the server writes them: a sale with a balance and a page of
// them with the total owed.
import type { CuentasCorrientes, Saldo } from '../../api/balances';
import { springPage } from './shop';

/** Ana Gómez's sale 7 at Centro, 45 days ago: $ 2.000, $ 800 paid, $ 1.200 owed. */
export const saldo = (rest: Partial<Saldo> = {}): Saldo => ({
  idMovimiento: 7,
  fecha: '2026-10-12T10:00:00',
  localId: 1,
  local: 'Centro',
  idPaciente: 3,
  paciente: 'Ana Gómez',
  total: 2000,
  pagado: 800,
  deuda: 1200,
  dias: 45,
  ...rest,
});

/** One page of `saldos` (10 a page) with the total owed over them. */
export const cuentasCorrientes = (saldos: Saldo[] = [saldo()], totalPages = 1): CuentasCorrientes => ({
  totalAdeudado: saldos.reduce((sum, s) => sum + s.deuda, 0),
  saldos: springPage(saldos, 10, 0, totalPages),
});
