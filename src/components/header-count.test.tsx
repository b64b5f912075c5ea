import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { HeaderCountScope, useHeaderCountOf, usePublishCount, useShownCount } from './header-count';

afterEach(cleanup);

function Shown() {
  const count = useShownCount();
  return <output data-testid="shown">{count === null ? 'none' : count}</output>;
}

function List(props: { count: number | null; countKey?: string }) {
  usePublishCount(props.count, props.countKey);
  return null;
}

let showSubFleets: (shown: boolean) => void = () => undefined;

/** The shape of /prealarm/prefleet/page: the fleet's rules, and its sub-fleets below them. */
function PrefleetLike(props: { rules: number; subFleets: number; choose: boolean }) {
  const [subShown, setSubShown] = useState(true);
  showSubFleets = setSubShown;
  return (
    <>
      {props.choose && <Choose countKey="prealarms" />}
      <List count={props.rules} countKey="prealarms" />
      {subShown && <List count={props.subFleets} countKey="sub-fleets" />}
    </>
  );
}

function Choose(props: { countKey: string }) {
  useHeaderCountOf(props.countKey);
  return null;
}

describe('the header count', () => {
  it('on a page with two lists shows the one the page chose, and keeps it when the other list goes', () => {
    render(
      <HeaderCountScope page="/prealarm/prefleet/page">
        <Shown />
        <PrefleetLike rules={3} subFleets={12} choose />
      </HeaderCountScope>,
    );
    expect(screen.getByTestId('shown').textContent).toBe('3');
    act(() => showSubFleets(false));
    expect(screen.getByTestId('shown').textContent).toBe('3');
    act(() => showSubFleets(true));
    expect(screen.getByTestId('shown').textContent).toBe('3');
  });

  it("shows a page's only list, and a second list coming and going does not empty it", () => {
    render(
      <HeaderCountScope page="/prealarm/prefleet/page">
        <Shown />
        <PrefleetLike rules={7} subFleets={12} choose={false} />
      </HeaderCountScope>,
    );
    // Two lists and no choice: no count rather than whichever published last.
    expect(screen.getByTestId('shown').textContent).toBe('none');
    act(() => showSubFleets(false));
    expect(screen.getByTestId('shown').textContent).toBe('7');
  });

  it("belongs to its page: another page starts without the last page's count", () => {
    const { rerender } = render(
      <HeaderCountScope page="/depots">
        <Shown />
        <List count={45} />
      </HeaderCountScope>,
    );
    expect(screen.getByTestId('shown').textContent).toBe('45');
    rerender(
      <HeaderCountScope page="/settings">
        <Shown />
      </HeaderCountScope>,
    );
    expect(screen.getByTestId('shown').textContent).toBe('none');
  });

  it('two pages side by side keep their own counts', () => {
    render(
      <>
        <HeaderCountScope page="/a">
          <span data-testid="a">
            <Shown />
          </span>
          <List count={1} />
        </HeaderCountScope>
        <HeaderCountScope page="/b">
          <span data-testid="b">
            <Shown />
          </span>
          <List count={2} />
        </HeaderCountScope>
      </>,
    );
    expect(screen.getByTestId('a').textContent).toBe('1');
    expect(screen.getByTestId('b').textContent).toBe('2');
  });
});
