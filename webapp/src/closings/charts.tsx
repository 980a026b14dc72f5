// The chart of the cash closings' differences. Only this module imports recharts (as the
// statistics' charts do), and the screen loads it lazily, so the rest of the app does not carry it.
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
import { formatFecha } from '../lib/dates';
import { money } from '../lib/money';
import type { DiferenciasChart } from './rules';

/** Bootstrap's palette, so the chart matches the rest of the screens. */
const COLORS = ['#0d6efd', '#198754', '#fd7e14', '#6f42c1', '#20c997', '#dc3545', '#0dcaf0', '#ffc107'];

/** `yyyy-MM-dd` → `dd/MM` for the axis; the tooltip shows the whole day. */
const shortDay = (fecha: string) => formatFecha(fecha).slice(0, 5);

/** Each closed day's difference (counted less expected), one bar per branch: below zero, missing. */
export function DiferenciasPorDiaChart({ chart }: { chart: DiferenciasChart }) {
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart data={chart.data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="fecha" tickFormatter={shortDay} minTickGap={12} />
        <YAxis tickFormatter={(v: number) => money(v)} width={96} />
        <ReferenceLine y={0} stroke="#6c757d" />
        <Tooltip labelFormatter={(l) => formatFecha(String(l))} formatter={(v) => money(Number(v))} />
        {chart.locales.length > 1 && <Legend />}
        {chart.locales.map((local, i) => (
          <Bar
            key={local}
            dataKey={local}
            name={local}
            fill={COLORS[i % COLORS.length]}
            maxBarSize={48}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
