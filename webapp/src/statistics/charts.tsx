// The two charts of the statistics page. Only this module imports recharts, and the page loads it
// lazily (ChartPanels.tsx), so the rest of the app does not carry the chart library.
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from 'recharts';
import type { VentasDelDia } from '../api/statistics';
import { formatFecha } from '../lib/dates';
import { money } from '../lib/money';
import type { CobroMetodo } from './rules';

const HEIGHT = 300;
/** Bootstrap's palette, so the charts match the rest of the screens. */
const COLORS = ['#0d6efd', '#198754', '#ffc107', '#dc3545', '#6f42c1', '#20c997', '#fd7e14', '#0dcaf0'];

/** `yyyy-MM-dd` → `dd/MM` for the axis; the tooltip shows the whole day. */
const shortDay = (fecha: string) => formatFecha(fecha).slice(0, 5);

function VentasTooltip({ active, payload }: TooltipContentProps) {
  const dia = payload?.[0]?.payload as VentasDelDia | undefined;
  if (!active || !dia) return null;
  return (
    <div className="bg-white border rounded shadow-sm p-2 small">
      <strong>{formatFecha(dia.fecha)}</strong>
      <div>Total: {money(dia.total)}</div>
      <div>Ventas: {dia.ventas}</div>
    </div>
  );
}

/** The `total` of each day of the period, with the day's number of sales in the tooltip. */
export function VentasPorDiaChart({ data }: { data: VentasDelDia[] }) {
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="fecha" tickFormatter={shortDay} minTickGap={12} />
        <YAxis tickFormatter={(v: number) => money(v)} width={96} />
        <Tooltip content={VentasTooltip} />
        <Bar dataKey="total" name="Total" fill={COLORS[0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Each payment method's share of the cash that came in. */
export function CobrosPorMetodoChart({ data }: { data: CobroMetodo[] }) {
  // A colour per method in the entry itself: recharts 3 reads `fill` from the data (no Cell).
  const colored = data.map((d, i) => ({ ...d, fill: COLORS[i % COLORS.length] }));
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <PieChart>
        <Pie data={colored} dataKey="entrada" nameKey="metodo" outerRadius="75%" isAnimationActive={false} />
        <Tooltip formatter={(v) => money(Number(v))} />
        <Legend />
      </PieChart>
    </ResponsiveContainer>
  );
}
