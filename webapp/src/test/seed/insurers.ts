// Obras sociales as the server lists them, by name: OSDE with two plans, Swiss Medical with one
// and IOSFA with none. Their CUITs check (weights 5 4 3 2 7 6 5 4 3 2).
import type { ObraSocial, PlanObraSocial } from '../../api/insurers';
import { seeded } from './defaults';

export const planObraSocial = seeded<PlanObraSocial>(() => ({
  nombre: '210',
  cristales: { porcentaje: 40, tope: 30000 },
  armazones: { porcentaje: null, tope: null },
  requiereReceta: true,
  validezRecetaDias: 60,
}));

export const obraSocial = seeded<ObraSocial>(() => ({
  id: 1,
  nombre: 'OSDE',
  cuit: '30546741253',
  planes: [
    planObraSocial(),
    planObraSocial({
      nombre: '310',
      cristales: { porcentaje: 12.5, tope: null },
      armazones: { porcentaje: null, tope: 15000.5 },
      requiereReceta: false,
      validezRecetaDias: null,
    }),
  ],
  version: 3,
}));

export const obrasSociales = (): ObraSocial[] => [
  obraSocial({ id: 3, nombre: 'IOSFA', cuit: '30712345000', planes: [], version: 1 }),
  obraSocial(),
  obraSocial({
    id: 2,
    nombre: 'Swiss Medical',
    cuit: '33693450239',
    planes: [planObraSocial({ nombre: 'SMG20', requiereReceta: false, validezRecetaDias: null })],
    version: 1,
  }),
];
