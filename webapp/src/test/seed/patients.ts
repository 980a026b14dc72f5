// Patient answers as the server writes them.
import type { Ficha, Paciente } from '../../api/patients';
import { locales } from './shop';
import { seeded } from './defaults';

export const ficha = seeded<Ficha>(() => ({
  id: 1,
  fecha: '2024-03-10',
  dnpDerecho: 31.5,
  dnpIzquierdo: 31,
  alturaPupilarDerecho: null,
  alturaPupilarIzquierdo: null,
  alturaPelicula: null,
  puente: 18,
  diagonalMayor: null,
  largo: null,
  alturaArmazon: null,
  adicionDerecho: 2,
  adicionIzquierdo: null,
  graduaciones: [
    { ojo: 'DERECHO', tipo: 'LEJOS', esferico: -1.25, cilindrico: -0.5, eje: 90 },
    { ojo: 'IZQUIERDO', tipo: 'LEJOS', esferico: -1, cilindrico: 0, eje: 0 },
    { ojo: 'DERECHO', tipo: 'CERCA', esferico: 0.75, cilindrico: -0.5, eje: 90 },
    { ojo: 'IZQUIERDO', tipo: 'CERCA', esferico: 0, cilindrico: 0, eje: 0 },
  ],
  cristales: [],
}));

export const paciente = seeded<Paciente>(() => ({
  id: 7,
  ficha: 154,
  nombreCompleto: 'José Pérez',
  direccion: 'San Martín 12',
  celular: '3772 400000',
  documento: '30123456',
  correo: null,
  medico: 'Dra. Ruiz',
  obraSocial: null,
  observaciones: null,
  genero: 'Hombre',
  local: locales[0],
  creadoEn: '2024-01-05',
  ultimaActualizacion: '2024-03-10',
  version: 4,
  historialFichas: [
    ficha({
      id: 2,
      fecha: '2024-03-10',
      cristales: [
        { id: 5, nombre: 'Orma Blue Essilor', fecha: '2024-03-12' },
        // Came back with the return whose refund is movement 601.
        { id: 6, nombre: 'Policarbonato', fecha: '2024-03-15', devolucionId: 601 },
      ],
    }),
    ficha({ id: 1, fecha: '2023-02-01', adicionDerecho: null, puente: null }),
  ],
}));
