// The bodies the app sends are stricter forms of the ones in the server's OpenAPI document
// (schema.d.ts), and so are the query strings built from a filter. This file fails to compile when
// one of them stops being one the server accepts, so a change on either side shows here, in one
// place.
import type { Accepts, RentabilidadQuery, Schemas } from './types';
import type { CobroBody } from './balances';
import type { TasaBody } from './cardPlans';
import type { AperturaBody, CierreBody, ReaperturaBody } from './closings';
import type { CargaBody, InicioBody } from './counts';
import type { ObraSocialBody } from './insurers';
import type { AvisoBody, EncargoBody, EstadoBody, OrdenBody } from './jobs';
import type { DevolucionBody, MovimientoBody } from './movements';
import type { PacienteBody } from './patients';
import type { RentabilidadFiltro } from './profitability';
import type { MassUpdateBody, ProductoBody } from './products';
import type { CobroLiquidacionBody, PresentarBody } from './settlements';
import type { Periodo } from './statistics';
import type { AjusteBody, MinimoBody } from './stock';
import type { CancelacionBody, EnvioBody, RecepcionBody } from './transfers';
import type { ContrasenaBody, HabilitadoBody, RolBody, UsuarioBody } from './users';

export type CheckedBodies = [
  Accepts<Schemas['CobroBody'], CobroBody>,
  Accepts<Schemas['TasaBody'], TasaBody>,
  Accepts<Schemas['AperturaBody'], AperturaBody>,
  Accepts<Schemas['CierreBody'], CierreBody>,
  Accepts<Schemas['ReaperturaBody'], ReaperturaBody>,
  Accepts<Schemas['InicioBody'], InicioBody>,
  Accepts<Schemas['CargaBody'], CargaBody>,
  Accepts<Schemas['OrdenBody'], OrdenBody>,
  Accepts<Schemas['EncargoBody'], EncargoBody>,
  Accepts<Schemas['EstadoBody'], EstadoBody>,
  Accepts<Schemas['AvisoBody'], AvisoBody>,
  Accepts<Schemas['MovimientoBody'], MovimientoBody>,
  Accepts<Schemas['DevolucionBody'], DevolucionBody>,
  Accepts<Schemas['PacienteBody'], PacienteBody>,
  Accepts<Schemas['ObraSocialBody'], ObraSocialBody>,
  Accepts<Schemas['ProductoBody'], ProductoBody>,
  Accepts<Schemas['MassUpdateBody'], MassUpdateBody>,
  Accepts<Schemas['PresentarBody'], PresentarBody>,
  Accepts<Schemas['CobroLiquidacionBody'], CobroLiquidacionBody>,
  Accepts<Schemas['PeriodoBody'], Periodo>,
  Accepts<Schemas['AjusteBody'], AjusteBody>,
  Accepts<Schemas['MinimoBody'], MinimoBody>,
  Accepts<Schemas['EnvioBody'], EnvioBody>,
  Accepts<Schemas['RecepcionBody'], RecepcionBody>,
  Accepts<Schemas['CancelacionBody'], CancelacionBody>,
  Accepts<Schemas['UsuarioBody'], UsuarioBody>,
  Accepts<Schemas['RolBody'], RolBody>,
  Accepts<Schemas['HabilitadoBody'], HabilitadoBody>,
  Accepts<Schemas['ContrasenaBody'], ContrasenaBody>,
];

/** Fails to compile when a query the app sends stops being one the server declares: a key the
 * server does not read (its parameters are all optional, so `Accepts` alone would let one pass)
 * or a value of another type. */
type DeclaredQuery<Server, Sent extends Server & Record<Exclude<keyof Sent, keyof Server>, never>> = Sent;

export type CheckedQueries = [DeclaredQuery<RentabilidadQuery, RentabilidadFiltro>];
