import { randomUUID } from 'node:crypto';
import type { BrokerLogger } from '../broker-logger';
import { ErrorCode } from '../protocol/error-codes';
import { GroupMember } from './group-member';
import type { Protocol } from './group-messages';
import type {
  GroupDescription,
  JoinRequest,
  JoinResult,
  SyncRequest,
  SyncResult,
} from './group-messages';
import { parkReply } from './parked-reply';
import type { Reply } from './parked-reply';

export type GroupState = 'Empty' | 'PreparingRebalance' | 'CompletingRebalance' | 'Stable';

export interface GroupSettings {
  /** Kafka's group.initial.rebalance.delay.ms: lets members starting together share one generation. */
  initialRebalanceDelayMs: number;
  log: BrokerLogger;
}

/**
 * One consumer group and Kafka's coordinator state machine for it (GroupCoordinator, reduced to one
 * node). Members join (JoinGroup), the leader assigns partitions (SyncGroup), members prove they are
 * alive (Heartbeat, commits) or leave; every change of membership starts a new generation, and
 * requests from an older generation are fenced.
 */
export class ConsumerGroup {
  state: GroupState = 'Empty';
  generationId = 0;
  protocolType: string | null = null;
  protocolName: string | null = null;
  leaderId: string | null = null;
  readonly members = new Map<string, GroupMember>();
  /** JoinGroup v4+ ids handed out with MEMBER_ID_REQUIRED and not used yet, with their expiry. */
  private readonly pendingMemberIds = new Map<string, NodeJS.Timeout>();
  private rebalanceDeadline: NodeJS.Timeout | null = null;
  private initialDelay: { timer: NodeJS.Timeout; joinedSince: boolean; budgetMs: number } | null =
    null;

  constructor(
    readonly groupId: string,
    private readonly settings: GroupSettings,
  ) {}

  get isEmpty(): boolean {
    return this.members.size === 0 && this.pendingMemberIds.size === 0;
  }

  join(request: JoinRequest, reply: Reply<JoinResult>, signal: AbortSignal): void {
    if (!this.acceptsProtocols(request))
      return reply(joinError(ErrorCode.INCONSISTENT_GROUP_PROTOCOL, request.memberId));
    if (request.memberId === '') {
      const memberId = `${request.clientId || 'member'}-${randomUUID()}`;
      if (!request.requiresKnownMemberId) return this.addMember(memberId, request, reply, signal);
      this.pendingMemberIds.set(
        memberId,
        setTimeout(() => this.pendingMemberIds.delete(memberId), request.sessionTimeoutMs),
      );
      return reply(joinError(ErrorCode.MEMBER_ID_REQUIRED, memberId));
    }
    const pending = this.pendingMemberIds.get(request.memberId);
    if (pending) {
      clearTimeout(pending);
      this.pendingMemberIds.delete(request.memberId);
      return this.addMember(request.memberId, request, reply, signal);
    }
    const member = this.members.get(request.memberId);
    if (!member) return reply(joinError(ErrorCode.UNKNOWN_MEMBER_ID, request.memberId));
    this.rejoin(member, request, reply, signal);
  }

  sync(request: SyncRequest, reply: Reply<SyncResult>, signal: AbortSignal): void {
    const member = this.members.get(request.memberId);
    if (!member) return reply(syncError(ErrorCode.UNKNOWN_MEMBER_ID));
    if (request.generationId !== this.generationId)
      return reply(syncError(ErrorCode.ILLEGAL_GENERATION));
    if (this.state === 'PreparingRebalance')
      return reply(syncError(ErrorCode.REBALANCE_IN_PROGRESS));
    this.touch(member);
    if (this.state === 'Stable')
      return reply({ error: ErrorCode.NONE, assignment: member.assignment });
    member.pendingSync = parkReply(signal, reply, () => (member.pendingSync = null));
    if (member.memberId === this.leaderId) this.applyAssignments(request.assignments);
  }

  heartbeat(memberId: string, generationId: number): ErrorCode {
    const member = this.members.get(memberId);
    if (!member) return ErrorCode.UNKNOWN_MEMBER_ID;
    if (generationId !== this.generationId) return ErrorCode.ILLEGAL_GENERATION;
    this.touch(member);
    return this.state === 'PreparingRebalance' ? ErrorCode.REBALANCE_IN_PROGRESS : ErrorCode.NONE;
  }

  leave(memberId: string): ErrorCode {
    const member = this.members.get(memberId);
    if (!member) return ErrorCode.UNKNOWN_MEMBER_ID;
    this.removeMember(member, 'left the group');
    return ErrorCode.NONE;
  }

  /** May this member commit offsets now? (Kafka's doCommitOffsets checks, in Kafka's order.) */
  checkCommit(memberId: string, generationId: number): ErrorCode {
    if (generationId < 0 && this.state === 'Empty') return ErrorCode.NONE;
    if (this.state === 'CompletingRebalance') return ErrorCode.REBALANCE_IN_PROGRESS;
    const member = this.members.get(memberId);
    if (!member) return ErrorCode.UNKNOWN_MEMBER_ID;
    if (generationId !== this.generationId) return ErrorCode.ILLEGAL_GENERATION;
    this.touch(member);
    return ErrorCode.NONE;
  }

  describe(): GroupDescription {
    const protocolName = this.state === 'Stable' ? (this.protocolName ?? '') : '';
    return {
      state: this.state,
      protocolType: this.protocolType ?? '',
      protocolName,
      members: [...this.members.values()].map((member) => ({
        memberId: member.memberId,
        clientId: member.settings.clientId,
        clientHost: member.settings.clientHost,
        metadata: protocolName ? member.metadataFor(protocolName) : Buffer.alloc(0),
        assignment: member.assignment,
      })),
    };
  }

  /** Stops every timer; used when the broker stops. */
  shutdown(): void {
    this.clearRebalanceTimers();
    for (const timer of this.pendingMemberIds.values()) clearTimeout(timer);
    this.pendingMemberIds.clear();
    for (const member of this.members.values()) member.stopTimer();
  }

  private acceptsProtocols(request: JoinRequest): boolean {
    if (request.protocolType === '' || request.protocols.length === 0) return false;
    const others = [...this.members.values()].filter(
      (member) => member.memberId !== request.memberId,
    );
    if (others.length === 0) return true;
    if (request.protocolType !== this.protocolType) return false;
    return request.protocols.some(({ name }) =>
      others.every((member) => member.settings.protocols.some((p) => p.name === name)),
    );
  }

  private addMember(
    memberId: string,
    request: JoinRequest,
    reply: Reply<JoinResult>,
    signal: AbortSignal,
  ): void {
    const member = new GroupMember(memberId, settingsOf(request));
    this.members.set(memberId, member);
    this.protocolType ??= request.protocolType;
    this.park(member, reply, signal);
    if (this.initialDelay) this.initialDelay.joinedSince = true;
    this.settings.log('info', 'member joined', {
      group: this.groupId,
      memberId,
      clientId: request.clientId,
    });
    this.prepareRebalance();
  }

  private rejoin(
    member: GroupMember,
    request: JoinRequest,
    reply: Reply<JoinResult>,
    signal: AbortSignal,
  ): void {
    const unchanged = member.hasSameProtocols(request.protocols);
    member.settings = settingsOf(request);
    const needsRebalance =
      this.state === 'PreparingRebalance' ||
      !unchanged ||
      (this.state === 'Stable' && member.memberId === this.leaderId);
    if (!needsRebalance) {
      this.touch(member);
      return reply(this.joinResultFor(member));
    }
    this.park(member, reply, signal);
    this.prepareRebalance();
  }

  private park(member: GroupMember, reply: Reply<JoinResult>, signal: AbortSignal): void {
    member.pendingJoin = parkReply(signal, reply, () => {
      member.pendingJoin = null;
      this.touch(member);
    });
    member.stopTimer();
  }

  private prepareRebalance(): void {
    if (this.state !== 'PreparingRebalance') {
      if (this.state === 'CompletingRebalance') this.failPendingSyncs();
      const wasEmpty = this.state === 'Empty';
      this.state = 'PreparingRebalance';
      const rebalanceTimeoutMs = Math.max(
        ...[...this.members.values()].map((m) => m.settings.rebalanceTimeoutMs),
        0,
      );
      this.rebalanceDeadline = setTimeout(() => this.completeJoin(), rebalanceTimeoutMs);
      if (wasEmpty && this.settings.initialRebalanceDelayMs > 0)
        this.startInitialDelay(rebalanceTimeoutMs);
    }
    this.maybeCompleteJoin();
  }

  /** Kafka's InitialDelayedJoin: wait, and wait again while new members keep arriving. */
  private startInitialDelay(budgetMs: number): void {
    const delayMs = Math.min(this.settings.initialRebalanceDelayMs, budgetMs);
    const timer = setTimeout(() => {
      const delay = this.initialDelay;
      this.initialDelay = null;
      if (delay && delay.joinedSince && delay.budgetMs - delayMs > 0)
        this.startInitialDelay(delay.budgetMs - delayMs);
      else this.maybeCompleteJoin();
    }, delayMs);
    this.initialDelay = { timer, joinedSince: false, budgetMs };
  }

  private maybeCompleteJoin(): void {
    if (this.state !== 'PreparingRebalance' || this.initialDelay) return;
    for (const member of this.members.values()) if (!member.pendingJoin) return;
    this.completeJoin();
  }

  /** Ends PreparingRebalance: members that did not re-join in time are dropped, the rest form a generation. */
  private completeJoin(): void {
    this.clearRebalanceTimers();
    for (const member of [...this.members.values()]) {
      if (member.pendingJoin) continue;
      member.stopTimer();
      this.members.delete(member.memberId);
      this.settings.log('info', 'member dropped: did not re-join within the rebalance timeout', {
        group: this.groupId,
        memberId: member.memberId,
      });
    }
    this.generationId++;
    if (this.members.size === 0) return this.becomeEmpty();
    this.protocolName = this.electProtocol();
    if (this.leaderId === null || !this.members.has(this.leaderId))
      this.leaderId = this.members.keys().next().value as string;
    this.state = 'CompletingRebalance';
    this.settings.log('info', 'generation formed', {
      group: this.groupId,
      generationId: this.generationId,
      members: this.members.size,
    });
    for (const member of this.members.values()) {
      const reply = member.pendingJoin as Reply<JoinResult>;
      member.pendingJoin = null;
      member.assignment = Buffer.alloc(0);
      this.touch(member);
      reply(this.joinResultFor(member));
    }
  }

  private applyAssignments(assignments: SyncRequest['assignments']): void {
    const byMember = new Map(assignments.map(({ memberId, assignment }) => [memberId, assignment]));
    this.state = 'Stable';
    for (const member of this.members.values()) {
      // Never null: kafkajs cannot decode a null assignment; a member without partitions gets zero bytes.
      member.assignment = Buffer.from(byMember.get(member.memberId) ?? Buffer.alloc(0));
      const reply = member.pendingSync;
      member.pendingSync = null;
      reply?.({ error: ErrorCode.NONE, assignment: member.assignment });
    }
  }

  private removeMember(member: GroupMember, reason: string): void {
    member.stopTimer();
    this.members.delete(member.memberId);
    member.pendingJoin?.(joinError(ErrorCode.UNKNOWN_MEMBER_ID, member.memberId));
    member.pendingSync?.(syncError(ErrorCode.UNKNOWN_MEMBER_ID));
    member.pendingJoin = member.pendingSync = null;
    if (this.leaderId === member.memberId) this.leaderId = null;
    this.settings.log('info', `member ${reason}`, {
      group: this.groupId,
      memberId: member.memberId,
    });
    if (this.state !== 'Empty') this.prepareRebalance();
  }

  /** Session timeout: a member that stopped sending heartbeats (and commits) is considered dead. */
  private touch(member: GroupMember): void {
    member.stopTimer();
    member.sessionTimer = setTimeout(() => {
      if (member.isWaiting) return this.touch(member);
      this.removeMember(member, 'expired: no heartbeat within the session timeout');
    }, member.settings.sessionTimeoutMs);
  }

  private failPendingSyncs(): void {
    for (const member of this.members.values()) {
      const reply = member.pendingSync;
      member.pendingSync = null;
      reply?.(syncError(ErrorCode.REBALANCE_IN_PROGRESS));
    }
  }

  private becomeEmpty(): void {
    this.state = 'Empty';
    this.protocolName = null;
    this.protocolType = null;
    this.leaderId = null;
  }

  /** Each member votes for its most preferred protocol that every member supports (Kafka's rule). */
  private electProtocol(): string {
    const members = [...this.members.values()];
    const candidates = members[0].settings.protocols
      .map((protocol) => protocol.name)
      .filter((name) =>
        members.every((member) => member.settings.protocols.some((p) => p.name === name)),
      );
    const votes = new Map<string, number>(candidates.map((name) => [name, 0]));
    for (const member of members) {
      const choice = member.settings.protocols.find((p: Protocol) => votes.has(p.name));
      if (choice) votes.set(choice.name, (votes.get(choice.name) as number) + 1);
    }
    return [...votes.entries()].reduce((best, entry) => (entry[1] > best[1] ? entry : best))[0];
  }

  private joinResultFor(member: GroupMember): JoinResult {
    const isLeader = member.memberId === this.leaderId;
    const protocolName = this.protocolName as string;
    return {
      error: ErrorCode.NONE,
      generationId: this.generationId,
      protocolName,
      leader: this.leaderId as string,
      memberId: member.memberId,
      members: isLeader
        ? [...this.members.values()].map((m) => ({
            memberId: m.memberId,
            groupInstanceId: m.settings.groupInstanceId,
            metadata: m.metadataFor(protocolName),
          }))
        : [],
    };
  }

  private clearRebalanceTimers(): void {
    if (this.rebalanceDeadline) clearTimeout(this.rebalanceDeadline);
    if (this.initialDelay) clearTimeout(this.initialDelay.timer);
    this.rebalanceDeadline = null;
    this.initialDelay = null;
  }
}

function settingsOf(request: JoinRequest): GroupMember['settings'] {
  const {
    groupInstanceId,
    clientId,
    clientHost,
    sessionTimeoutMs,
    rebalanceTimeoutMs,
    protocolType,
    protocols,
  } = request;
  return {
    groupInstanceId,
    clientId,
    clientHost,
    sessionTimeoutMs,
    rebalanceTimeoutMs,
    protocolType,
    protocols: protocols.map((p) => ({ name: p.name, metadata: Buffer.from(p.metadata) })),
  };
}

function joinError(error: ErrorCode, memberId: string): JoinResult {
  return { error, generationId: -1, protocolName: null, leader: '', memberId, members: [] };
}

function syncError(error: ErrorCode): SyncResult {
  return { error, assignment: Buffer.alloc(0) };
}
