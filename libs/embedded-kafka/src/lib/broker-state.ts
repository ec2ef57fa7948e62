import type { BrokerLogger } from './broker-logger';
import type { GroupCoordinator } from './group/group-coordinator';
import type { TopicStore } from './log/topic-store';

/** Node identity as clients see it: Metadata, FindCoordinator and partition leaders all name it. */
export interface BrokerIdentity {
  nodeId: number;
  host: string;
  port: number;
  clusterId: string;
}

export interface TopicDefaults {
  autoCreateTopics: boolean;
  defaultPartitions: number;
  maxMessageBytes: number;
}

/** Everything an API handler may touch. */
export interface BrokerState {
  identity: BrokerIdentity;
  topics: TopicStore;
  groups: GroupCoordinator;
  topicDefaults: TopicDefaults;
  producerIds: { next(): number };
  /** fdatasync after every append and commit, before the answer (off: data is in the OS when acked). */
  syncEveryWrite: boolean;
  log: BrokerLogger;
}
