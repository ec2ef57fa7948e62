import { closeSync, existsSync, fdatasyncSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomically } from '../log/topic-store';

export interface CommittedOffset {
  offset: number;
  metadata: string | null;
}

export interface OffsetCommitEntry extends CommittedOffset {
  topic: string;
  partition: number;
}

type JournalLine =
  | { group: string; topic: string; partition: number; offset: number; metadata: string | null }
  | { deletedGroup: string }
  | { deletedTopic: string };

type GroupOffsets = Map<string, Map<number, CommittedOffset>>;

/**
 * Committed offsets per group. With a data directory every commit is appended to
 * `offsets.jsonl` (one JSON line per partition) before it is acknowledged; at start the journal is
 * replayed and rewritten compacted, keeping only the latest offset of each partition.
 */
export class OffsetStore {
  private readonly groups = new Map<string, GroupOffsets>();
  private fd: number | null = null;

  static inMemory(): OffsetStore {
    return new OffsetStore();
  }

  static open(dataDir: string): OffsetStore {
    const store = new OffsetStore();
    const path = join(dataDir, 'offsets.jsonl');
    if (existsSync(path)) store.replay(readFileSync(path, 'utf8'));
    writeFileAtomically(path, store.snapshotLines());
    store.fd = openSync(path, 'a');
    return store;
  }

  commit(group: string, entries: OffsetCommitEntry[]): void {
    if (entries.length === 0) return;
    this.journal(
      entries.map(({ topic, partition, offset, metadata }) => ({
        group,
        topic,
        partition,
        offset,
        metadata,
      })),
    );
    for (const entry of entries) this.apply({ group, ...entry });
  }

  fetch(group: string, topic: string, partition: number): CommittedOffset | undefined {
    return this.groups.get(group)?.get(topic)?.get(partition);
  }

  allOf(group: string): OffsetCommitEntry[] {
    const result: OffsetCommitEntry[] = [];
    for (const [topic, partitions] of this.groups.get(group) ?? []) {
      for (const [partition, committed] of partitions)
        result.push({ topic, partition, ...committed });
    }
    return result;
  }

  hasGroup(group: string): boolean {
    return this.groups.has(group);
  }

  groupIds(): string[] {
    return [...this.groups.keys()];
  }

  deleteGroup(group: string): void {
    if (!this.groups.has(group)) return;
    this.journal([{ deletedGroup: group }]);
    this.groups.delete(group);
  }

  /** Kafka drops the committed offsets of a deleted topic; so do we. */
  deleteTopic(topic: string): void {
    this.journal([{ deletedTopic: topic }]);
    this.forgetTopic(topic);
  }

  sync(): void {
    if (this.fd !== null) fdatasyncSync(this.fd);
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  private journal(lines: JournalLine[]): void {
    if (this.fd === null) return;
    writeSync(this.fd, lines.map((line) => JSON.stringify(line) + '\n').join(''));
  }

  private replay(content: string): void {
    for (const text of content.split('\n')) {
      if (text.trim() === '') continue;
      let line: JournalLine;
      try {
        line = JSON.parse(text) as JournalLine;
      } catch {
        continue; // a line torn by a crash mid-write: the commit it held was never acknowledged
      }
      if ('deletedGroup' in line) this.groups.delete(line.deletedGroup);
      else if ('deletedTopic' in line) this.forgetTopic(line.deletedTopic);
      else this.apply(line);
    }
  }

  private apply(line: {
    group: string;
    topic: string;
    partition: number;
    offset: number;
    metadata: string | null;
  }): void {
    let topics = this.groups.get(line.group);
    if (!topics) this.groups.set(line.group, (topics = new Map()));
    let partitions = topics.get(line.topic);
    if (!partitions) topics.set(line.topic, (partitions = new Map()));
    partitions.set(line.partition, { offset: line.offset, metadata: line.metadata });
  }

  private forgetTopic(topic: string): void {
    for (const topics of this.groups.values()) topics.delete(topic);
  }

  private snapshotLines(): string {
    const lines: string[] = [];
    for (const group of this.groups.keys()) {
      for (const entry of this.allOf(group)) lines.push(JSON.stringify({ group, ...entry }) + '\n');
    }
    return lines.join('');
  }
}
