import { describe, expect, it } from 'vitest';
import { CHART_LABEL_MAX, chartLabels } from './chart-labels';

describe('chart labels of long names', () => {
  it('shows what tells names with a shared start apart, not the shared start', () => {
    expect(
      chartLabels([
        'Blue Coast Syrup - Wild Cherry Lime',
        'Blue Coast Syrup - Blue Raspberry Ice',
        'Blue Coast Syrup - Mango Peach Sunrise',
        'Grape',
      ]),
    ).toEqual(['Wild Cherry Lime', 'Blue Raspberry Ice', 'Mango Peach Sunrise', 'Grape']);
  });

  it('keeps short names whole, even when they share a start', () => {
    expect(chartLabels(['Blue Raspberry', 'Blue Lagoon'])).toEqual([
      'Blue Raspberry',
      'Blue Lagoon',
    ]);
  });

  it('cuts what is left when it is still too long, at the limit, with an ellipsis', () => {
    const [first, second] = chartLabels([
      'Blue Coast Syrup - Strawberry Banana Colada Deluxe',
      'Blue Coast Syrup - Lime',
    ]);
    expect(first).toBe('Strawberry Banana C…');
    expect(first!.length).toBeLessThanOrEqual(CHART_LABEL_MAX);
    expect(second).toBe('Lime');
  });

  it('never cuts a word in half to find the shared start', () => {
    expect(
      chartLabels(['Blueberry Fields Forever Syrup', 'Blue Hawaiian Punch Syrup Gallon']),
    ).toEqual(['Blueberry Fields Fo…', 'Blue Hawaiian Punch…']);
  });

  it('matches the shared start whatever its case, and drops the separators after it', () => {
    expect(
      chartLabels(['ELECTRIC SLUSH: Cherry Bomb Extra', 'Electric Slush: Watermelon Wave']),
    ).toEqual(['Cherry Bomb Extra', 'Watermelon Wave']);
  });

  it('falls back to the plain cut when two labels would be the same', () => {
    expect(
      chartLabels([
        'Blue Coast Syrup - Cherry',
        'Blue Coast Syrup - Grape',
        'Red Coast Syrup - Cherry',
        'Red Coast Syrup - Lemon',
      ]),
    ).toEqual(['Blue Coast Syrup -…', 'Grape', 'Red Coast Syrup - C…', 'Lemon']);
  });

  it('a name that is the start of another keeps its own words', () => {
    expect(
      chartLabels(['Blue Coast Syrup - Cherry Lime', 'Blue Coast Syrup - Cherry Lime Gallon']),
    ).toEqual(['Cherry Lime', 'Gallon']);
  });

  it('a long name alone in the chart is only cut', () => {
    expect(chartLabels(['Blue Coast Syrup - Wild Cherry Lime'])).toEqual(['Blue Coast Syrup -…']);
  });
});
