/* Entry point of the `broker` bench section (run by `npm run bench -- broker`). */
import { runBrokerBench } from './broker.bench';

runBrokerBench().then(
  (lines) => {
    const width = Math.max(...lines.map((line) => line.label.length));
    for (const line of lines) console.log(`  ${line.label.padEnd(width)}  ${line.value}`);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
