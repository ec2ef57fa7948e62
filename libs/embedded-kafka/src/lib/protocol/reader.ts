/** Thrown when a request does not decode: the connection that sent it is closed, as Kafka does. */
export class MalformedRequestError extends Error {
  override readonly name = 'MalformedRequestError';
}

/**
 * Sequential big-endian reader over one request body. Every read checks bounds, so a truncated or
 * lying frame becomes a MalformedRequestError instead of garbage or an out-of-range exception.
 */
export class Reader {
  private position: number;

  constructor(
    private readonly buffer: Buffer,
    offset = 0,
  ) {
    this.position = offset;
  }

  get offset(): number {
    return this.position;
  }

  get remaining(): number {
    return this.buffer.length - this.position;
  }

  int8(): number {
    return this.buffer.readInt8(this.advance(1));
  }

  int16(): number {
    return this.buffer.readInt16BE(this.advance(2));
  }

  int32(): number {
    return this.buffer.readInt32BE(this.advance(4));
  }

  /** Offsets, timestamps and producer ids all fit in 2^53 in practice; larger values lose precision. */
  int64(): number {
    return Number(this.buffer.readBigInt64BE(this.advance(8)));
  }

  bool(): boolean {
    return this.int8() !== 0;
  }

  nullableString(): string | null {
    const length = this.int16();
    if (length === -1) return null;
    if (length < -1) throw new MalformedRequestError(`negative string length ${length}`);
    const start = this.advance(length);
    return this.buffer.toString('utf8', start, start + length);
  }

  string(): string {
    const value = this.nullableString();
    if (value === null) throw new MalformedRequestError('null where a string is required');
    return value;
  }

  /** A view into the request buffer, not a copy. */
  nullableBytes(): Buffer | null {
    const length = this.int32();
    if (length === -1) return null;
    if (length < -1) throw new MalformedRequestError(`negative bytes length ${length}`);
    const start = this.advance(length);
    return this.buffer.subarray(start, start + length);
  }

  bytes(): Buffer {
    return this.nullableBytes() ?? Buffer.alloc(0);
  }

  nullableArray<T>(readItem: (reader: Reader) => T): T[] | null {
    const count = this.int32();
    if (count === -1) return null;
    // Every item takes at least one byte, so a count above the bytes left is a lie; refusing it
    // early keeps a hostile frame from making us allocate a huge array.
    if (count < -1 || count > this.remaining) {
      throw new MalformedRequestError(`array count ${count} with ${this.remaining} bytes left`);
    }
    const items = new Array<T>(count);
    for (let i = 0; i < count; i++) items[i] = readItem(this);
    return items;
  }

  array<T>(readItem: (reader: Reader) => T): T[] {
    return this.nullableArray(readItem) ?? [];
  }

  /** Zigzag LEB128, as used inside record batches. */
  varint(): number {
    let unsigned = 0;
    let shift = 0;
    for (;;) {
      const byte = this.buffer.readUInt8(this.advance(1));
      unsigned += (byte & 0x7f) * 2 ** shift;
      if ((byte & 0x80) === 0) break;
      shift += 7;
      if (shift > 63) throw new MalformedRequestError('varint longer than 10 bytes');
    }
    // Zigzag decode with arithmetic rather than bit operators so varlongs beyond 32 bits survive.
    return unsigned % 2 === 0 ? unsigned / 2 : -(unsigned + 1) / 2;
  }

  skip(length: number): void {
    this.advance(length);
  }

  private advance(length: number): number {
    if (length < 0 || this.position + length > this.buffer.length) {
      throw new MalformedRequestError(
        `needs ${length} bytes at ${this.position}, frame has ${this.buffer.length}`,
      );
    }
    const start = this.position;
    this.position += length;
    return start;
  }
}
