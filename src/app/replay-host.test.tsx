import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useObservableState } from 'observable-hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeConsole, type FakeConsole } from '../../streams/testing/fake-console';
import { indexTrace } from '../../streams/trace/trace-index';
import { lineSplitter, TraceReader } from '../../streams/trace/trace-reader';
import { useReplay } from '../lib/replay';
import { loadRuntimeConfig } from '../lib/runtime-config';
import { useFleetConsole } from '../lib/services';
import { ConnectionBadge } from './layout/connection-badge';
import { ReplayHost } from './replay-host';

let live: FakeConsole | undefined;
afterEach(() => {
  cleanup();
  live?.stop();
});

function sampleTrace() {
  const reader = new TraceReader();
  const splitter = lineSplitter((row) => reader.read(row));
  splitter.push(readFileSync(join(process.cwd(), 'tests/traces/sample.jsonl'), 'utf8'));
  splitter.end();
  return indexTrace(reader.finish());
}

/** A screen: the fleet it is shown, and a way to start the sample trace. */
function Screen() {
  const summary = useObservableState(useFleetConsole().fleet.summary$);
  const replay = useReplay();
  return (
    <>
      <ConnectionBadge />
      <p data-testid="fleet-line">{`${summary?.total ?? 0} vehicles`}</p>
      <button onClick={() => void replay.start('sample.jsonl', sampleTrace())}>Replay sample</button>
    </>
  );
}

describe('ReplayHost', () => {
  it('shows a trace in place of the live fleet under a banner, and goes back to live', async () => {
    live = await startFakeConsole();
    const config = await loadRuntimeConfig((async () => Response.json({})) as typeof fetch);
    render(
      <ChakraProvider value={defaultSystem}>
        <ReplayHost live={{ console: live.console, config }}>
          <Screen />
        </ReplayHost>
      </ChakraProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('fleet-line').textContent).toBe('1 vehicles'));
    expect(screen.queryByTestId('replay-banner')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Replay sample' }));
    await waitFor(() => expect(screen.getByTestId('replay-banner').textContent).toContain('replaying sample.jsonl'));
    // The sample trace's six vehicles, and the badge does not call them live.
    await waitFor(() => expect(screen.getByTestId('fleet-line').textContent).toBe('6 vehicles'));
    await waitFor(() => expect(screen.getByTestId('connection-badge').textContent).toBe('Replay'));

    fireEvent.click(screen.getByRole('button', { name: 'Back to live' }));
    await waitFor(() => expect(screen.getByTestId('fleet-line').textContent).toBe('1 vehicles'));
    expect(screen.queryByTestId('replay-banner')).toBeNull();
    expect(screen.getByTestId('connection-badge').textContent).toBe('Live');
  });
});
