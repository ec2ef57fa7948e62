import type { BrokerLogger } from '../broker-logger';
import { ErrorCode } from '../protocol/error-codes';
import { ConsumerGroup } from './consumer-group';
import type { OffsetCommitEntry, OffsetStore } from './offset-store';

export interface CoordinatorSettings {
  initialRebalanceDelayMs: number;
  minSessionTimeoutMs: number;
  maxSessionTimeoutMs: number;
  log: BrokerLogger;
}

/** All consumer groups of the broker, and their committed offsets. */
export class GroupCoordinator {
  private readonly groups = new Map<string, ConsumerGroup>();

  constructor(
    readonly offsets: OffsetStore,
    readonly settings: CoordinatorSettings,
  ) {}

  find(groupId: string): ConsumerGroup | undefined {
    return this.groups.get(groupId);
  }

  findOrCreate(groupId: string): ConsumerGroup {
    let group = this.groups.get(groupId);
    if (!group) {
      group = new ConsumerGroup(groupId, this.settings);
      this.groups.set(groupId, group);
    }
    return group;
  }

  isValidSessionTimeout(sessionTimeoutMs: number): boolean {
    return (
      sessionTimeoutMs >= this.settings.minSessionTimeoutMs &&
      sessionTimeoutMs <= this.settings.maxSessionTimeoutMs
    );
  }

  /** Checks the committer's membership (unless it commits as a simple, group-less client) and stores. */
  commit(
    groupId: string,
    memberId: string,
    generationId: number,
    entries: OffsetCommitEntry[],
  ): ErrorCode {
    const group = this.find(groupId);
    const error = group
      ? group.checkCommit(memberId, generationId)
      : generationId < 0
        ? ErrorCode.NONE
        : ErrorCode.UNKNOWN_MEMBER_ID;
    if (error === ErrorCode.NONE) this.offsets.commit(groupId, entries);
    return error;
  }

  /** Groups with members or with committed offsets, as ListGroups reports them. */
  list(): { groupId: string; protocolType: string }[] {
    const ids = new Set([...this.groups.keys(), ...this.offsets.groupIds()]);
    return [...ids].map((groupId) => ({
      groupId,
      protocolType: this.groups.get(groupId)?.protocolType ?? 'consumer',
    }));
  }

  exists(groupId: string): boolean {
    return this.groups.has(groupId) || this.offsets.hasGroup(groupId);
  }

  delete(groupId: string): ErrorCode {
    if (!this.exists(groupId)) return ErrorCode.GROUP_ID_NOT_FOUND;
    const group = this.groups.get(groupId);
    if (group && !group.isEmpty) return ErrorCode.NON_EMPTY_GROUP;
    group?.shutdown();
    this.groups.delete(groupId);
    this.offsets.deleteGroup(groupId);
    return ErrorCode.NONE;
  }

  shutdown(): void {
    for (const group of this.groups.values()) group.shutdown();
    this.offsets.close();
  }
}
