import { TOPIC_DECLARATIONS } from './topic-declarations';
import type { TopicDeclaration } from './topic-declarations';

/**
 * Strimzi `KafkaTopic` resources for every declared topic (deploy/kafka/kafka-topics.yaml), so a
 * cluster run by the Strimzi operator holds exactly what `provision-topics` would create. Written
 * by hand rather than with a YAML library: the shape is fixed and small.
 */
export function strimziKafkaTopics(
  cluster = 'platform-kafka',
  declarations: readonly TopicDeclaration[] = TOPIC_DECLARATIONS,
): string {
  const header = [
    '# Generated from TOPIC_DECLARATIONS (libs/contracts/src/lib/topic-declarations.ts) by',
    '# `npm run deploy:topics`; a test fails when it differs. For clusters run by the Strimzi operator:',
    `# its Topic Operator creates these in the Kafka cluster named "${cluster}" (set the label to yours).`,
  ];
  const topics = declarations.map((topic) =>
    [
      'apiVersion: kafka.strimzi.io/v1beta2',
      'kind: KafkaTopic',
      'metadata:',
      `  name: ${topic.name.replace(/[._]/g, '-')}`,
      '  labels:',
      `    strimzi.io/cluster: ${cluster}`,
      'spec:',
      `  topicName: ${topic.name}`,
      `  partitions: ${topic.partitions}`,
      `  replicas: ${topic.replicationFactor}`,
      '  config:',
      ...Object.entries(topic.config).map(([name, value]) => `    ${name}: "${value}"`),
    ].join('\n'),
  );
  return `${header.join('\n')}\n${topics.map((topic) => `---\n${topic}\n`).join('')}`;
}
