import { describe, expect, it } from 'vitest';
import { estadoLabel, filtroParams, reportFileName } from '../../api/movements';
import { fila, metodosPago, pago } from '../../test/seed';
import { emptyFiltro, idPacienteOf, owes, statusLink, sumasDelDia } from './rules';

describe('cash-box rules', () => {
  it('tells a movement that still owes from one paid in full, to the cent', () => {
    expect(owes({ deuda: 0 })).toBe(false);
    expect(owes({ deuda: 0.001 })).toBe(false);
    expect(owes({ deuda: 0.01 })).toBe(true);
    expect(owes({ deuda: 900 })).toBe(true);
  });

  it('reads the patient id of the purchases link, or none', () => {
    expect(idPacienteOf('12')).toBe(12);
    for (const bad of [null, '', '0', '-3', '1.5', 'abc', '99999999999999999999']) expect(idPacienteOf(bad)).toBe(0);
  });

  it('asks every list by patient id instead of the name, and for debts only when marked', () => {
    expect(filtroParams(emptyFiltro())).toEqual([]);
    expect(filtroParams(emptyFiltro('José Pérez'))).toEqual(['nombrePaciente=Jos%C3%A9%20P%C3%A9rez']);
    expect(filtroParams({ ...emptyFiltro('José Pérez', 12), conDeuda: true, idLocal: 2 })).toEqual([
      'idLocal=2',
      'idPaciente=12',
      'conDeuda=true',
    ]);
  });

  it('labels the states and leaves others blank', () => {
    expect(estadoLabel('PEDIDO_CRISTALES')).toBe('Pidiendo Cristales');
    expect(estadoLabel('ARMANDO_PEDIDO')).toBe('Armando Pedido');
    expect(estadoLabel('ANTEOJO_TERMINADO')).toBe('Anteojo Terminado');
    expect(estadoLabel('ENTREGADO')).toBe('Entregado');
    expect(estadoLabel(null)).toBe('');
    expect(estadoLabel('OTRO')).toBe('');
  });

  it('omits empty filters and branch 0 from the query, and encodes the texts', () => {
    expect(filtroParams(emptyFiltro())).toEqual([]);
    expect(
      filtroParams({
        idLocal: 2,
        tipoMovimiento: 'SALIDA',
        nombrePaciente: ' José P ',
        fecha: '2024-05-12',
        metodoPago: 'Tarjeta de crédito',
        idPaciente: 0,
        conDeuda: false,
      }),
    ).toEqual([
      'idLocal=2',
      'tipoMovimiento=SALIDA',
      'nombrePaciente=Jos%C3%A9%20P',
      'fecha=2024-05-12',
      'metodoPago=Tarjeta%20de%20cr%C3%A9dito',
    ]);
  });

  it('names the files and the public link', () => {
    expect(reportFileName('cliente', 7)).toBe('reporte_movimiento_cliente_7.pdf');
    expect(reportFileName('optica', 7)).toBe('reporte_movimiento_optica_7.pdf');
    expect(statusLink('https://optica.example', '501-k3J9xQ2m')).toBe(
      'https://optica.example/estadoCompra/501-k3J9xQ2m',
    );
  });

  describe('day sums', () => {
    const day = '2024-05-12';
    const twoSameDay = [
      pago({ id: 41, fecha: `${day}T09:00:00`, montoImpuesto: 500 }),
      pago({ id: 42, fecha: `${day}T17:00:00`, montoImpuesto: 300.1 }),
    ];
    const rows = [
      // One sale with a payment that day and one before: only the first counts.
      fila({ id: 501, fecha: `${day}T18:40:00` }),
      // One sale paid twice that day appears twice; each payment counts once.
      fila({ id: 502, fecha: `${day}T17:00:00`, cajaMovimientos: twoSameDay }),
      fila({ id: 502, fecha: `${day}T09:00:00`, cajaMovimientos: twoSameDay }),
      // An expense subtracts.
      fila({
        id: 503,
        tipoMovimiento: 'SALIDA',
        estadoMovimiento: null,
        fecha: `${day}T12:00:00`,
        cajaMovimientos: [pago({ id: 51, fecha: `${day}T12:00:00`, montoImpuesto: 200.2 })],
      }),
    ];

    it('sums montoImpuesto per method, each payment once, + ENTRADA and − SALIDA', () => {
      expect(sumasDelDia(rows, day)).toEqual({
        porMetodo: [
          ['Tarjeta', 2100],
          ['Efectivo', 599.9],
        ],
        total: 2699.9,
      });
    });

    it('keeps to the chosen payment method', () => {
      expect(sumasDelDia(rows, day, metodosPago[0].nombre)).toEqual({ porMetodo: [['Efectivo', 599.9]], total: 599.9 });
    });

    it('is empty without rows', () => {
      expect(sumasDelDia([], day)).toEqual({ porMetodo: [], total: 0 });
    });
  });
});
