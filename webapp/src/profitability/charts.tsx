// The profitability chart. Only this module imports recharts (as the statistics' and the closings'
// charts do), and the screen loads it lazily (ChartPanel.tsx), so the rest of the app does not
// carry the chart library.
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { money } from '../lib/money';
import type { BarraGrupo } from './rules';

/** Bootstrap's blue and green, as the other charts. */
const INGRESOS = '#0d6efd';
const MARGEN = '#198754';

/** Height per group: the bars run sideways, so long names (brands, sellers) read whole on a phone
 * and the chart grows with the groups instead of squeezing them. */
const ROW = 44;
const AXES = 72;

/** Each group's income and margin, side by side; a loss runs left of the zero line. */
export function IngresosMargenChart({ data }: { data: BarraGrupo[] }) {
  return (
    <ResponsiveContainer width="100%" height={Math.max(160, data.length * ROW + AXES)}>
      <BarChart data={data} layout="vertical" margin={{ top: 8, right: 24, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" tickFormatter={(v: number) => money(v)} minTickGap={24} />
        <YAxis type="category" dataKey="grupo" width={112} />
        <ReferenceLine x={0} stroke="#6c757d" />
        <Tooltip formatter={(v) => money(Number(v))} />
        <Legend />
        <Bar dataKey="ingresos" name="Ingresos" fill={INGRESOS} isAnimationActive={false} />
        <Bar dataKey="margen" name="Margen" fill={MARGEN} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
