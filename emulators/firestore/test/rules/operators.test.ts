import { describe, expect, it } from 'vitest';
import { auth, judge } from './helpers.js';

// Each case is the condition of `allow get` and the decision Firestore makes for it.
// Facts: Firebase rules language reference (operators, int vs float, strict bools) and the CEL
// spec's commutative error absorption for && and ||, which the rules runtime follows.

describe('arithmetic', () => {
  it.each([
    ['1 + 2 == 3', 'allow'],
    ['7 - 10 == -3', 'allow'],
    ['6 * 7 == 42', 'allow'],
    ['7 / 2 == 3', 'allow'], // int division truncates
    ['-7 / 2 == -3', 'allow'], // toward zero
    ['7 % 3 == 1', 'allow'],
    ['-7 % 3 == -1', 'allow'],
    ['7.0 / 2 == 3.5', 'allow'],
    ['1 / 0 == 0', 'deny'], // division by zero is an error
    ['1 % 0 == 0', 'deny'],
    ['9223372036854775807 + 1 > 0', 'deny'], // int64 overflow is an error
    ['-9223372036854775808 < 0', 'allow'],
    ['1 + 1.5 == 2.5', 'allow'],
    ["'ab' + 'cd' == 'abcd'", 'allow'],
    ['[1, 2] + [3] == [1, 2, 3]', 'allow'],
    ["'a' + 1 == 'a1'", 'deny'], // no implicit string conversion
    ['-(3) == -3', 'allow'],
    ['0x10 == 16', 'allow'],
    ['1e3 == 1000.0', 'allow'],
  ])('%s -> %s', (expr, expected) => {
    expect(judge(expr)).toBe(expected);
  });
});

describe('comparison and equality', () => {
  it.each([
    ['1 == 1.0', 'allow'], // ints and floats compare numerically
    ['1 != 2', 'allow'],
    ['2 > 1 && 1 < 2 && 2 >= 2 && 2 <= 2', 'allow'],
    ["'apple' < 'banana'", 'allow'],
    ["'Z' < 'a'", 'allow'], // code-point order
    ["1 < 'a'", 'deny'], // comparing different types is an error
    ["1 == 'a'", 'deny'], // ...but equality is false, not an error: so denied by false
    ["1 != 'a'", 'allow'],
    ['null == null', 'allow'],
    ['null != 1', 'allow'],
    ['[1, [2, 3]] == [1, [2, 3]]', 'allow'],
    ["{'a': 1, 'b': [1]} == {'b': [1], 'a': 1}", 'allow'],
    ["{'a': 1} == {'a': 1, 'b': 2}", 'deny'],
    ['true == true', 'allow'],
    ['(0.0 / 0.0) == (0.0 / 0.0)', 'deny'], // NaN is not equal to itself
  ])('%s -> %s', (expr, expected) => {
    expect(judge(expr)).toBe(expected);
  });
});

describe('logical operators and CEL error absorption', () => {
  it.each([
    ['true && true', 'allow'],
    ['true && false', 'deny'],
    ['false || true', 'allow'],
    ['!false', 'allow'],
    ['!!true', 'allow'],
    // A missing field is an error; the other operand can still decide.
    ['resource.data.missing == 1 || true', 'allow'],
    ['true || resource.data.missing == 1', 'allow'],
    ['resource.data.missing == 1 && false', 'deny'],
    ['false && resource.data.missing == 1', 'deny'],
    ['resource.data.missing == 1 || false', 'deny'], // error || false is an error: deny
    ['resource.data.missing == 1 && true', 'deny'], // error && true is an error: deny
    ['!(resource.data.missing == 1)', 'deny'], // negating an error is still an error
    ['(resource.data.missing == 1 || true) && true', 'allow'],
    ['1 && true', 'deny'], // && needs bools
    ["'true' || false", 'deny'],
    ['request.auth.uid == "u1" || resource.data.owner == "u1"', 'allow'],
  ])('%s -> %s', (expr, expected) => {
    expect(judge(expr, { auth: auth('u1'), resource: { owner: 'someone' } })).toBe(expected);
  });

  it('an error at the top of the condition denies', () => {
    expect(judge('resource.data.missing', { resource: { a: 1 } })).toBe('deny');
  });

  it('a non-boolean condition denies', () => {
    expect(judge("'yes'")).toBe('deny');
  });
});

describe('in, is, ternary', () => {
  it.each([
    ['2 in [1, 2, 3]', 'allow'],
    ['4 in [1, 2, 3]', 'deny'],
    ["'a' in {'a': 1}", 'allow'], // `in` on a map tests keys
    ["1 in {'a': 1}", 'deny'], // keys are strings: error
    ["'x' in ['x', 'y'].toSet()", 'allow'],
    ['1 is int', 'allow'],
    ['1.0 is float', 'allow'],
    ['1 is float', 'deny'],
    ['1 is number && 1.5 is number', 'allow'],
    ["'s' is string", 'allow'],
    ['[1] is list', 'allow'],
    ["{'a': 1} is map", 'allow'],
    ['null is string', 'deny'],
    ['true is bool', 'allow'],
    ['request.time is timestamp', 'allow'],
    ["duration.value(1, 's') is duration", 'allow'],
    ['/databases/x/documents/a/b is path', 'allow'],
    ["b'ab' is bytes", 'allow'],
    ['latlng.value(1, 2) is latlng', 'allow'],
    ['true ? 1 == 1 : false', 'allow'],
    ['false ? true : 2 > 3', 'deny'],
    ['1 == 1 ? true : resource.data.missing', 'allow'], // the unused branch is not evaluated
    ['resource.data.missing ? true : true', 'deny'], // an error in the test is an error
  ])('%s -> %s', (expr, expected) => {
    expect(judge(expr, { resource: { a: 1 } })).toBe(expected);
  });
});
