import { describe, expect, it } from 'vitest';
import { viewsProblem } from './playlist-views-editor';

describe('viewsProblem', () => {
  it('names the first incomplete view, in the order the wall plays them', () => {
    expect(viewsProblem([])).toBe('Add at least one view');
    expect(
      viewsProblem([
        { kind: 'alarms', dwellS: 30 },
        { kind: 'fleet', dwellS: 30 },
      ]),
    ).toBe('View 2: choose the fleet');
    expect(viewsProblem([{ kind: 'vehicle', dwellS: 30 }])).toBe('View 1: choose the vehicle');
    expect(viewsProblem([{ kind: 'home', dwellS: 4 }])).toBe('View 1: seconds must be 5-3600');
    expect(viewsProblem([{ kind: 'home', dwellS: 12.5 }])).toBe('View 1: seconds must be 5-3600');
  });

  it('accepts a home view of every fleet and complete fleet and vehicle views', () => {
    expect(
      viewsProblem([
        { kind: 'home', dwellS: 5 },
        { kind: 'fleet', fleetId: 'fleet-1', dwellS: 3600 },
        { kind: 'vehicle', vehicleId: 'veh-1', dwellS: 60 },
      ]),
    ).toBeNull();
  });
});
