import { MalformedRequestError, Reader } from './reader';
import { Writer } from './writer';

const bytes = (writer: Writer): Buffer => Buffer.concat(writer.toBuffers());

describe('Reader and Writer', () => {
  it('round-trips every primitive in Kafka byte order', () => {
    const written = bytes(
      new Writer()
        .int8(-2)
        .int16(-300)
        .int32(70000)
        .int64(2 ** 40 + 3)
        .bool(true)
        .string('héllo')
        .string(null)
        .bytes(Buffer.from('ab'))
        .bytes(null),
    );
    const reader = new Reader(written);
    expect([reader.int8(), reader.int16(), reader.int32(), reader.int64(), reader.bool()]).toEqual([
      -2,
      -300,
      70000,
      2 ** 40 + 3,
      true,
    ]);
    expect([reader.nullableString(), reader.nullableString()]).toEqual(['héllo', null]);
    expect(reader.nullableBytes()).toEqual(Buffer.from('ab'));
    expect(reader.nullableBytes()).toBeNull();
    expect(reader.remaining).toBe(0);
  });

  it('writes arrays with an int32 count and null arrays as -1', () => {
    const reader = new Reader(
      bytes(new Writer().array([5, 6], (w, n) => w.int16(n)).array(null, () => undefined)),
    );
    expect(reader.array((r) => r.int16())).toEqual([5, 6]);
    expect(reader.nullableArray((r) => r.int16())).toBeNull();
  });

  it('keeps large raw buffers as separate chunks without copying them', () => {
    const big = Buffer.alloc(1000, 7);
    const buffers = new Writer().int32(1).raw(big).int8(1).toBuffers();
    expect(buffers).toContain(big);
    expect(Buffer.concat(buffers).length).toBe(1005);
  });

  it.each([
    [0, '00'],
    [-1, '01'],
    [1, '02'],
    [63, '7e'],
    [64, '8001'],
    [300, 'd804'],
    [-65, '8101'],
  ])('decodes the zigzag varint of %i from %s', (value, hex) => {
    expect(new Reader(Buffer.from(hex, 'hex')).varint()).toBe(value);
  });

  it('decodes varlongs beyond 32 bits (timestamp deltas)', () => {
    // LEB128 of 2^42 (six empty 7-bit groups, then 1), which zigzag-decodes to 2^41
    const encoded = Buffer.from([0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01]);
    expect(new Reader(encoded).varint()).toBe(2 ** 41);
  });

  it('refuses to read past the end of the frame', () => {
    const reader = new Reader(Buffer.from([0, 5, 0x61]));
    expect(() => reader.string()).toThrow(MalformedRequestError);
  });

  it('refuses an array count larger than the bytes left, before allocating it', () => {
    const reader = new Reader(Buffer.from([0x7f, 0xff, 0xff, 0xff, 0]));
    expect(() => reader.array((r) => r.int8())).toThrow(MalformedRequestError);
  });

  it('refuses a null where a string is required', () => {
    expect(() => new Reader(Buffer.from([0xff, 0xff])).string()).toThrow(MalformedRequestError);
  });
});
