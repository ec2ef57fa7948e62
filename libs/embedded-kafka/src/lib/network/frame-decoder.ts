/** Bytes of the size prefix in front of every Kafka request and response. */
export const SIZE_PREFIX = 4;

export type FrameEvent = { kind: 'frame'; frame: Buffer } | { kind: 'oversized'; size: number };

/**
 * Cuts a TCP byte stream into request frames (`int32 size` + payload). Chunks are only joined once a
 * whole frame is there, so a large request arriving in many chunks is copied once.
 */
export class FrameDecoder {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private expected = -1;

  constructor(private readonly maxFrameBytes: number) {}

  push(chunk: Buffer): FrameEvent[] {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    const events: FrameEvent[] = [];
    for (;;) {
      if (this.expected === -1) {
        if (this.buffered < SIZE_PREFIX) break;
        const size = this.take(SIZE_PREFIX).readInt32BE(0);
        if (size < 0 || size > this.maxFrameBytes) {
          events.push({ kind: 'oversized', size });
          break;
        }
        this.expected = size;
      }
      if (this.buffered < this.expected) break;
      events.push({ kind: 'frame', frame: this.take(this.expected) });
      this.expected = -1;
    }
    return events;
  }

  private take(length: number): Buffer {
    const first = this.chunks[0];
    let taken: Buffer;
    if (first.length >= length) {
      taken = first.subarray(0, length);
      if (first.length === length) this.chunks.shift();
      else this.chunks[0] = first.subarray(length);
    } else {
      const joined = Buffer.concat(this.chunks, this.buffered);
      taken = joined.subarray(0, length);
      this.chunks = joined.length > length ? [joined.subarray(length)] : [];
    }
    this.buffered -= length;
    return taken;
  }
}
