import { FrameDecoder } from './frame-decoder';

const frame = (payload: string): Buffer => {
  const body = Buffer.from(payload);
  const size = Buffer.alloc(4);
  size.writeInt32BE(body.length);
  return Buffer.concat([size, body]);
};

describe('FrameDecoder', () => {
  it('cuts several frames out of one chunk', () => {
    const events = new FrameDecoder(100).push(Buffer.concat([frame('one'), frame('two')]));
    expect(events.map((e) => e.kind === 'frame' && e.frame.toString())).toEqual(['one', 'two']);
  });

  it('joins a frame that arrives byte by byte, size prefix included', () => {
    const decoder = new FrameDecoder(100);
    const bytes = frame('spread out');
    const events = [...bytes].flatMap((byte) => decoder.push(Buffer.from([byte])));
    expect(events).toEqual([{ kind: 'frame', frame: Buffer.from('spread out') }]);
  });

  it('reports a frame larger than the limit instead of buffering it', () => {
    expect(new FrameDecoder(5).push(frame('too large'))).toEqual([{ kind: 'oversized', size: 9 }]);
  });

  it('reports a negative size', () => {
    expect(new FrameDecoder(5).push(Buffer.from([0xff, 0xff, 0xff, 0xff]))).toEqual([
      { kind: 'oversized', size: -1 },
    ]);
  });
});
