import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strimziKafkaTopics } from '../../libs/contracts/src/lib/topic-manifests';

/** `npm run deploy:topics`: deploy/kafka/kafka-topics.yaml from the topic declarations. */
const target = join(__dirname, '..', '..', 'deploy', 'kafka', 'kafka-topics.yaml');
writeFileSync(target, strimziKafkaTopics());
process.stdout.write(`wrote ${target}\n`);
