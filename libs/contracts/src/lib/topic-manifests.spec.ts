import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TOPIC_DECLARATIONS } from './topic-declarations';
import { strimziKafkaTopics } from './topic-manifests';
import { Topics } from './topics';

const MANIFEST = join(__dirname, '../../../../deploy/kafka/kafka-topics.yaml');

describe('topic declarations', () => {
  it('declare every topic of the platform once', () => {
    expect(TOPIC_DECLARATIONS.map((topic) => topic.name).sort()).toEqual(
      Object.values(Topics).sort(),
    );
  });

  it('are what deploy/kafka/kafka-topics.yaml holds (regenerate it with `npm run deploy:topics`)', () => {
    expect(readFileSync(MANIFEST, 'utf8')).toBe(strimziKafkaTopics());
  });

  it('become one KafkaTopic each, with partitions, replicas and configs', () => {
    const yaml = strimziKafkaTopics('my-cluster', [TOPIC_DECLARATIONS[0]]);
    expect(yaml).toContain(
      [
        'kind: KafkaTopic',
        'metadata:',
        '  name: billing-customer',
        '  labels:',
        '    strimzi.io/cluster: my-cluster',
        'spec:',
        '  topicName: billing.customer',
        '  partitions: 6',
        '  replicas: 3',
        '  config:',
        '    cleanup.policy: "delete"',
        '    retention.ms: "604800000"',
        '    min.insync.replicas: "2"',
      ].join('\n'),
    );
  });
});
