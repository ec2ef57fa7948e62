import {
  closeSync,
  fdatasyncSync,
  fstatSync,
  ftruncateSync,
  openSync,
  readSync,
  writeSync,
} from 'node:fs';
import { batchSize, BATCH_HEADER_SIZE, hasValidCrc } from '../protocol/record-batch';

const RECOVERY_CHUNK = 8 * 1024 * 1024;

/**
 * One partition's append-only file: stored record batches back to back, exactly as Fetch returns
 * them. `append` hands the bytes to the OS with write(2) before returning, so an acknowledged batch
 * survives a crash of the broker process; `sync` (fdatasync) makes it survive a machine crash.
 */
export class LogFile {
  private size: number;

  private constructor(
    readonly path: string,
    private readonly fd: number,
  ) {
    this.size = fstatSync(fd).size;
  }

  static open(path: string): LogFile {
    return new LogFile(path, openSync(path, 'a+'));
  }

  append(batch: Buffer): number {
    const position = this.size;
    let written = 0;
    while (written < batch.length)
      written += writeSync(this.fd, batch, written, batch.length - written, null);
    this.size += batch.length;
    return position;
  }

  read(position: number, length: number): Buffer {
    const buffer = Buffer.allocUnsafe(length);
    let done = 0;
    while (done < length) {
      const n = readSync(this.fd, buffer, done, length - done, position + done);
      if (n === 0) throw new Error(`${this.path}: unexpected end of file at ${position + done}`);
      done += n;
    }
    return buffer;
  }

  sync(): void {
    fdatasyncSync(this.fd);
  }

  close(): void {
    closeSync(this.fd);
  }

  /**
   * Offers every complete batch with a valid CRC to `accept`, in order, and cuts the file after the
   * last accepted one: a batch torn by a crash mid-write is dropped, as Kafka's log recovery does.
   */
  recover(accept: (batch: Buffer, position: number) => boolean): { truncatedBytes: number } {
    const window: { start: number; bytes: Buffer } = { start: 0, bytes: Buffer.alloc(0) };
    const bytesAt = (position: number, length: number): Buffer | null => {
      if (position + length > this.size) return null;
      if (position < window.start || position + length > window.start + window.bytes.length) {
        window.start = position;
        window.bytes = this.read(
          position,
          Math.min(this.size - position, Math.max(length, RECOVERY_CHUNK)),
        );
      }
      return window.bytes.subarray(position - window.start, position - window.start + length);
    };
    let position = 0;
    for (;;) {
      const header = bytesAt(position, BATCH_HEADER_SIZE);
      if (header === null) break;
      const size = batchSize(header, 0);
      const batch = size >= BATCH_HEADER_SIZE ? bytesAt(position, size) : null;
      if (batch === null || !hasValidCrc(batch) || !accept(batch, position)) break;
      position += size;
    }
    const truncatedBytes = this.size - position;
    if (truncatedBytes > 0) {
      ftruncateSync(this.fd, position);
      this.size = position;
    }
    return { truncatedBytes };
  }
}
