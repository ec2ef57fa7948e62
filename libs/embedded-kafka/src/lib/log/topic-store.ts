import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { LogFile } from './log-file';
import { PartitionLog } from './partition-log';

export interface Topic {
  name: string;
  partitions: PartitionLog[];
}

const TOPIC_FILE = 'topic.json';

/**
 * The topics of the broker. With a data directory each topic is a folder
 * `topics/<name>/` holding `topic.json` (its partition count, written last and atomically, so a
 * half-created topic is ignored at start) and one `<partition>.log` per partition.
 */
export class TopicStore {
  private readonly topics = new Map<string, Topic>();

  private constructor(private readonly directory: string | null) {}

  static inMemory(): TopicStore {
    return new TopicStore(null);
  }

  static open(dataDir: string): TopicStore {
    const store = new TopicStore(join(dataDir, 'topics'));
    mkdirSync(store.directory as string, { recursive: true });
    store.loadExisting();
    return store;
  }

  get(name: string): Topic | undefined {
    return this.topics.get(name);
  }

  partition(topic: string, partition: number): PartitionLog | undefined {
    return this.topics.get(topic)?.partitions[partition];
  }

  names(): string[] {
    return [...this.topics.keys()];
  }

  all(): IterableIterator<Topic> {
    return this.topics.values();
  }

  create(name: string, partitionCount: number): Topic {
    const folder = this.folderOf(name);
    if (folder) {
      rmSync(folder, { recursive: true, force: true });
      mkdirSync(folder, { recursive: true });
      writeFileAtomically(
        join(folder, TOPIC_FILE),
        JSON.stringify({ name, partitions: partitionCount }),
      );
    }
    const topic = this.openTopic(name, partitionCount);
    this.topics.set(name, topic);
    return topic;
  }

  delete(name: string): boolean {
    const topic = this.topics.get(name);
    if (!topic) return false;
    for (const partition of topic.partitions) partition.close();
    this.topics.delete(name);
    const folder = this.folderOf(name);
    if (folder) rmSync(folder, { recursive: true, force: true });
    return true;
  }

  sync(): void {
    for (const topic of this.topics.values())
      for (const partition of topic.partitions) partition.sync();
  }

  close(): void {
    for (const topic of this.topics.values())
      for (const partition of topic.partitions) partition.close();
    this.topics.clear();
  }

  private loadExisting(): void {
    for (const entry of readdirSync(this.directory as string, { withFileTypes: true })) {
      const file = join(this.directory as string, entry.name, TOPIC_FILE);
      if (!entry.isDirectory() || !existsSync(file)) continue;
      const { name, partitions } = JSON.parse(readFileSync(file, 'utf8')) as {
        name: string;
        partitions: number;
      };
      this.topics.set(name, this.openTopic(name, partitions));
    }
  }

  private openTopic(name: string, partitionCount: number): Topic {
    const folder = this.folderOf(name);
    const partitions = Array.from(
      { length: partitionCount },
      (_, partition) =>
        new PartitionLog(
          name,
          partition,
          folder ? LogFile.open(join(folder, `${partition}.log`)) : null,
        ),
    );
    return { name, partitions };
  }

  private folderOf(name: string): string | null {
    return this.directory === null ? null : join(this.directory, name);
  }
}

export function writeFileAtomically(path: string, content: string): void {
  const temporary = `${path}.tmp`;
  writeFileSync(temporary, content, { flush: true });
  renameSync(temporary, path);
}
