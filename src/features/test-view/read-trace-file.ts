import { indexTrace, type TraceIndex } from '../../../streams/trace/trace-index';
import { lineSplitter, TraceReader } from '../../../streams/trace/trace-reader';

/** Reads a trace file as it streams and indexes it; `onProgress` gets the share of bytes read. */
export async function readTraceFile(file: Blob, onProgress: (fraction: number) => void): Promise<TraceIndex> {
  const reader = new TraceReader();
  const splitter = lineSplitter((row) => reader.read(row));
  const decoder = new TextDecoder();
  const stream = file.stream().getReader();
  let loaded = 0;
  for (;;) {
    const { done, value } = await stream.read();
    if (done) break;
    loaded += value.byteLength;
    splitter.push(decoder.decode(value, { stream: true }));
    onProgress(file.size === 0 ? 1 : loaded / file.size);
  }
  splitter.push(decoder.decode());
  splitter.end();
  return indexTrace(reader.finish());
}
