import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/**
 * The reports' charts, drawn with recharts. This module is only ever imported lazily (see
 * report-chart.tsx), so recharts never weighs on the login page or the schedule.
 */

export type Series = { key: string; label: string; colour: string };
export type ChartData = {
  data: Record<string, string | number | null>[];
  category: string;
  series: Series[];
  stacked: boolean;
  unit: string;
};

export default function Chart({ data, category, series, stacked, unit }: ChartData) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
        <XAxis
          dataKey={category}
          tick={{ fill: 'var(--muted-foreground)', fontSize: 12 }}
          interval="preserveStartEnd"
        />
        <YAxis tick={{ fill: 'var(--muted-foreground)', fontSize: 12 }} width={44} unit={unit} />
        <Tooltip
          contentStyle={{
            background: 'var(--card)',
            border: '1px solid var(--border)',
            borderRadius: 8,
            color: 'var(--foreground)',
          }}
          cursor={{ fill: 'var(--muted)' }}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {series.map((s) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.label}
            fill={s.colour}
            isAnimationActive={false}
            maxBarSize={56}
            {...(stacked ? { stackId: 'all' } : {})}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
