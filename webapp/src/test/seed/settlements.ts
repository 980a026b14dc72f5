// Liquidaciones as the server writes them: OSDE's November 2026, two covered sales of Laura Díaz
// and Juan Pérez (45.000 and 28.800 the obra social's part), presented on 01/12/2026 and not paid
// yet; the pending sales of a month likewise.
import type { Liquidacion, LiquidacionDetalle, VentaCubierta, VentaPresentada } from '../../api/settlements';
import { seeded } from './defaults';

export const ventaSinPresentar = seeded<VentaCubierta>(() => ({
  movimientoId: 12,
  comprobante: '0001-00000005',
  fecha: '2026-11-04',
  pacienteId: 3,
  paciente: 'Laura Díaz',
  documento: '30123456',
  plan: '210',
  afiliado: '61 123456 7',
  medico: 'Dra. Paz',
  matricula: 'MP 1234',
  fechaReceta: '2026-10-30',
  detalles: [
    { descripcion: 'Essilor Orma Blue', cantidad: 1, subtotal: 80000, cristal: true },
    { descripcion: 'Essilor Aviator', cantidad: 1, subtotal: 60000, cristal: false },
  ],
  total: 140000,
  cristales: 30000,
  armazones: 15000,
  monto: 45000,
}));

/** Two sales of November: Laura's (N.º 12, 45.000) and Juan's without receipt nor prescription
 * (N.º 15, 28.800). */
export const ventasSinPresentar = (): VentaCubierta[] => [
  ventaSinPresentar(),
  ventaSinPresentar({
    movimientoId: 15,
    comprobante: null,
    fecha: '2026-11-17',
    pacienteId: 4,
    paciente: 'Juan Pérez',
    documento: null,
    afiliado: '61 999999 1',
    medico: null,
    matricula: null,
    fechaReceta: null,
    detalles: [{ descripcion: 'Lentes de lectura', cantidad: 2, subtotal: 72000, cristal: true }],
    total: 72000,
    cristales: 28800,
    armazones: 0,
    monto: 28800,
  }),
];

export const liquidacion = seeded<Liquidacion>(() => ({
  id: 5,
  obraSocialId: 1,
  obraSocial: 'OSDE',
  mes: '2026-11',
  fecha: '2026-12-01',
  ventas: 2,
  total: 73800,
  cobrado: 0,
  debitado: 0,
  facturado: 0,
  pendiente: 73800,
  estado: 'PRESENTADA',
  version: 1,
}));

export const ventaPresentada = (venta: VentaCubierta, extra: Partial<VentaPresentada> = {}): VentaPresentada => ({
  ...venta,
  presentado: venta.monto,
  debitado: 0,
  facturado: 0,
  motivos: [],
  ...extra,
});

export const liquidacionDetalle = seeded<LiquidacionDetalle>(() => ({
  ...liquidacion(),
  cuit: '30546741253',
  items: ventasSinPresentar().map((v) => ventaPresentada(v)),
  cobros: [],
}));
