// The load generator of shift-create-load.bench.ts, in a process of its own: autocannon POSTs a new
// shift on every request, each for a different person or day, so none clashes with another.
// Arguments come as JSON in argv[2]: { url, cookie, staffIds, connections, seconds, firstDate }.
// Prints autocannon's result as JSON.
import autocannon from 'autocannon';

const { url, cookie, staffIds, connections, seconds, firstDate, reference } = JSON.parse(process.argv[2]);
const DAY_MS = 86_400_000;
const start = Date.parse(`${firstDate}T00:00:00Z`);
let next = 0;

const result = await autocannon({
  url,
  connections,
  duration: seconds,
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
  requests: [
    {
      setupRequest(request) {
        const n = next++;
        const staffId = staffIds[n % staffIds.length];
        const shiftDate = new Date(start + Math.floor(n / staffIds.length) * DAY_MS)
          .toISOString()
          .slice(0, 10);
        return {
          ...request,
          body: JSON.stringify({
            staffId,
            shiftDate,
            startTime: '09:00',
            endTime: '17:00',
            breakMinutes: 30,
            notes: reference ? null : `Bench ${n}`,
          }),
        };
      },
    },
  ],
});
process.stdout.write(
  JSON.stringify({
    rps: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    total: result.requests.total,
  }),
);
