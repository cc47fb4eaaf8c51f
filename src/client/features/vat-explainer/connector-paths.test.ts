import { describe, expect, it } from 'vitest';
import { connectorDelaysMs, connectorPath } from './connector-paths.ts';

describe('connector delays', () => {
  it('spread from 1.5 s to 5.5 s', () => {
    expect(connectorDelaysMs(9)).toEqual([1500, 2000, 2500, 3000, 3500, 4000, 4500, 5000, 5500]);
    expect(connectorDelaysMs(8)).toEqual([1500, 2071, 2643, 3214, 3786, 4357, 4929, 5500]);
    expect(connectorDelaysMs(1)).toEqual([1500]);
  });
});

describe('connector paths', () => {
  const figures = { left: 20, top: 0, right: 300, bottom: 600 };
  const test = { left: 360, top: 100, right: 640, bottom: 200 };

  it('side by side, curve from the right edge of one box to the left edge of the next', () => {
    expect(connectorPath(figures, test, 'into', 'wide', 1000)).toBe('M 300 300 C 330 300, 330 150, 360 150');
  });

  it('stacked, run down the left rail into a test and down the right rail out of it', () => {
    const stackedTest = { left: 20, top: 700, right: 340, bottom: 800 };
    const outcome = { left: 20, top: 1200, right: 340, bottom: 1400 };
    expect(connectorPath(figures, stackedTest, 'into', 'narrow', 360)).toBe('M 20 576 H 8 V 724 H 20');
    expect(connectorPath(stackedTest, outcome, 'out', 'narrow', 360)).toBe('M 340 724 H 352 V 1224 H 340');
  });
});
