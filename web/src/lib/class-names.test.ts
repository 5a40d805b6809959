import { describe, expect, it } from 'vitest';
import { classNames } from './class-names';

describe('classNames', () => {
  it('joins the names that apply, in order, and leaves out the rest', () => {
    expect(classNames('button', false, 'button--large', null, undefined, '', 'extra')).toBe(
      'button button--large extra',
    );
    expect(classNames()).toBe('');
  });
});
