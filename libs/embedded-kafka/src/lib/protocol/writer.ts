const CHUNK_SIZE = 4096;

/**
 * Big-endian writer that builds a response as a list of buffers. Record batches are appended by
 * reference (`raw`), so a Fetch answer never copies the log bytes it returns.
 */
export class Writer {
  private readonly chunks: Buffer[] = [];
  private current = Buffer.allocUnsafe(CHUNK_SIZE);
  private start = 0;
  private position = 0;
  private flushedBytes = 0;

  get length(): number {
    return this.flushedBytes + this.position - this.start;
  }

  int8(value: number): this {
    this.ensure(1);
    this.position = this.current.writeInt8(value, this.position);
    return this;
  }

  int16(value: number): this {
    this.ensure(2);
    this.position = this.current.writeInt16BE(value, this.position);
    return this;
  }

  int32(value: number): this {
    this.ensure(4);
    this.position = this.current.writeInt32BE(value, this.position);
    return this;
  }

  int64(value: number): this {
    this.ensure(8);
    this.position = this.current.writeBigInt64BE(BigInt(value), this.position);
    return this;
  }

  bool(value: boolean): this {
    return this.int8(value ? 1 : 0);
  }

  string(value: string | null): this {
    if (value === null) return this.int16(-1);
    const length = Buffer.byteLength(value);
    this.int16(length);
    this.ensure(length);
    this.position += this.current.write(value, this.position, 'utf8');
    return this;
  }

  bytes(value: Buffer | null): this {
    if (value === null) return this.int32(-1);
    this.int32(value.length);
    return this.raw(value);
  }

  array<T>(items: readonly T[] | null, writeItem: (writer: this, item: T) => void): this {
    if (items === null) return this.int32(-1);
    this.int32(items.length);
    for (const item of items) writeItem(this, item);
    return this;
  }

  /** Appends bytes without copying when they are large enough to be worth a separate chunk. */
  raw(value: Buffer): this {
    if (value.length <= 256) {
      this.ensure(value.length);
      this.position += value.copy(this.current, this.position);
      return this;
    }
    this.flush();
    this.chunks.push(value);
    this.flushedBytes += value.length;
    return this;
  }

  /** The written buffers, in order. The writer must not be used afterwards. */
  toBuffers(): Buffer[] {
    this.flush();
    return this.chunks;
  }

  private flush(): void {
    if (this.position > this.start) {
      this.chunks.push(this.current.subarray(this.start, this.position));
      this.flushedBytes += this.position - this.start;
      this.start = this.position;
    }
  }

  private ensure(bytes: number): void {
    if (this.position + bytes <= this.current.length) return;
    this.flush();
    this.current = Buffer.allocUnsafe(Math.max(CHUNK_SIZE, bytes));
    this.start = 0;
    this.position = 0;
  }
}
