// The load generator of the throughput benchmark, in its own process so it never shares an event
// loop with a server: runs autocannon with the options given as JSON in argv[2] and prints
// autocannon's result as JSON on stdout.
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2] ?? '{}') as autocannon.Options;

autocannon({ ...options }, (error, result) => {
  if (error) {
    console.error(error);
    process.exit(1);
  }
  process.stdout.write(JSON.stringify(result));
});
