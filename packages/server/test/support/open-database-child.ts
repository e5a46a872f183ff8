// One "process starting up" for the many-processes migration test: opens (and so migrates) the
// PostgreSQL database named in its argument, answers a query, prints "up" and exits 0; any failure
// prints it and exits 1. Started with `node --import tsx`.
import { openDatabase } from '../../src/db/client.ts';

const database = await openDatabase({ databaseUrl: process.argv[2], dataDir: 'unused' }).catch((error) => {
  process.stdout.write(`failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
if (!(await database.ping())) {
  process.stdout.write('failed: the database did not answer\n');
  process.exit(1);
}
await database.close();
process.stdout.write('up\n');
