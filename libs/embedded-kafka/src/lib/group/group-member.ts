import type { JoinResult, MemberSettings, Protocol, SyncResult } from './group-messages';
import type { Reply } from './parked-reply';

export class GroupMember {
  assignment: Buffer = Buffer.alloc(0);
  pendingJoin: Reply<JoinResult> | null = null;
  pendingSync: Reply<SyncResult> | null = null;
  sessionTimer: NodeJS.Timeout | null = null;

  constructor(
    readonly memberId: string,
    public settings: MemberSettings,
  ) {}

  /** Same protocol names and the same metadata bytes, in the same order (Kafka's rule). */
  hasSameProtocols(protocols: Protocol[]): boolean {
    const own = this.settings.protocols;
    return (
      own.length === protocols.length &&
      own.every(
        (protocol, i) =>
          protocol.name === protocols[i].name && protocol.metadata.equals(protocols[i].metadata),
      )
    );
  }

  metadataFor(protocolName: string): Buffer {
    return (
      this.settings.protocols.find((protocol) => protocol.name === protocolName)?.metadata ??
      Buffer.alloc(0)
    );
  }

  /** A member waiting on a JoinGroup or SyncGroup answer is never expired. */
  get isWaiting(): boolean {
    return this.pendingJoin !== null || this.pendingSync !== null;
  }

  stopTimer(): void {
    if (this.sessionTimer) clearTimeout(this.sessionTimer);
    this.sessionTimer = null;
  }
}
