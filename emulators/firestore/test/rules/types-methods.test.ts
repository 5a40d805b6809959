import { describe, expect, it } from 'vitest';
import { judge } from './helpers.js';

// Methods of rules.String, rules.List, rules.Map, rules.Set, rules.MapDiff, rules.Timestamp,
// rules.Duration, rules.Bytes, rules.LatLng, rules.Path and the global functions, as the
// Firebase rules reference documents them. request.time is 2026-11-21T12:00:00Z here.

const doc = {
  name: 'Mango Syrup',
  tags: ['syrup', 'mango'],
  price: 1299,
  ratio: 0.5,
  nested: { a: { b: 'deep' } },
  created: new Date('2026-01-02T03:04:05.678Z'),
};

function check(cases: [string, 'allow' | 'deny'][]) {
  it.each(cases)('%s -> %s', (expr, expected) => {
    expect(judge(expr, { resource: doc })).toBe(expected);
  });
}

describe('strings', () => {
  check([
    ["'hello'.size() == 5", 'allow'],
    ["'héllo'.size() == 5", 'allow'], // characters, not bytes
    ["'MiXeD'.lower() == 'mixed'", 'allow'],
    ["'MiXeD'.upper() == 'MIXED'", 'allow'],
    ["'  pad  '.trim() == 'pad'", 'allow'],
    ["'a,b,c'.split(',') == ['a', 'b', 'c']", 'allow'],
    ["'a1b22c'.split('[0-9]+') == ['a', 'b', 'c']", 'allow'], // split takes a regex
    ["'a-b-c'.replace('-', '+') == 'a+b+c'", 'allow'], // replaces every match
    ["'user@example.com'.matches('.*@example[.]com')", 'allow'],
    ["'user@example.com.evil'.matches('.*@example[.]com')", 'deny'], // full match, not search
    ["'abc'.matches('b')", 'deny'],
    ["'ABC'.matches('(?i)abc')", 'allow'], // RE2 inline flags
    ["'aa'.matches('(a)\\\\1')", 'deny'], // RE2 has no backreferences: an error
    ["'abc'.matches('[[:alpha:]]+')", 'allow'], // RE2 POSIX classes
    ["resource.data.name.lower().matches('mango.*')", 'allow'],
    ["'abc'.toUtf8().size() == 3", 'allow'],
    ["'x'.nosuchmethod()", 'deny'],
  ]);
});

describe('lists', () => {
  check([
    ['[1, 2, 3].size() == 3', 'allow'],
    ['[1, 2, 3].hasAll([1, 3])', 'allow'],
    ['[1, 2, 3].hasAll([1, 4])', 'deny'],
    ['[1, 2, 3].hasAny([4, 3])', 'allow'],
    ['[1, 2, 3].hasAny([])', 'deny'],
    ['[1, 2].hasOnly([1, 2, 3])', 'allow'],
    ['[1, 4].hasOnly([1, 2, 3])', 'deny'],
    ["['a', 'b'].join('-') == 'a-b'", 'allow'],
    ['[1].concat([2]) == [1, 2]', 'allow'],
    ['[1, 2, 3, 2].removeAll([2]) == [1, 3]', 'allow'],
    ['[1, 1, 2].toSet().size() == 2', 'allow'],
    ['[1, 2, 3][1] == 2', 'allow'],
    ['[1, 2, 3][3] == 3', 'deny'], // out of range is an error
    ['[1, 2, 3, 4][1:3] == [2, 3]', 'allow'], // slicing
    ['[1, 2, 3][:2] == [1, 2]', 'allow'],
    ["resource.data.tags.hasAny(['mango'])", 'allow'],
    ["'mango' in resource.data.tags", 'allow'],
  ]);
});

describe('maps', () => {
  check([
    ["resource.data.keys().hasAll(['name', 'price'])", 'allow'],
    [
      "resource.data.keys().hasOnly(['name', 'tags', 'price', 'ratio', 'nested', 'created'])",
      'allow',
    ],
    ["resource.data.keys().hasOnly(['name'])", 'deny'],
    ["{'a': 1, 'b': 2}.values().hasAll([1, 2])", 'allow'],
    ["{'a': 1}.size() == 1", 'allow'],
    ["resource.data.get('missing', 7) == 7", 'allow'],
    ["resource.data.get('price', 0) == 1299", 'allow'],
    ["resource.data.get(['nested', 'a', 'b'], '') == 'deep'", 'allow'],
    ["resource.data.get(['nested', 'x', 'b'], 'none') == 'none'", 'allow'],
    ["resource.data['name'] == 'Mango Syrup'", 'allow'],
    ['resource.data.nested.a.b == "deep"', 'allow'],
    ['resource.data.nested.zzz == "deep"', 'deny'], // missing key: error
    ["'price' in resource.data", 'allow'],
    ["!('stock' in resource.data)", 'allow'],
  ]);
});

describe('sets and map diffs', () => {
  check([
    ['[1, 2].toSet() == [2, 1, 1].toSet()', 'allow'],
    ['[1, 2, 3].toSet().difference([2].toSet()) == [1, 3].toSet()', 'allow'],
    ['[1, 2, 3].toSet().intersection([2, 5].toSet()) == [2].toSet()', 'allow'],
    ['[1].toSet().union([2].toSet()).size() == 2', 'allow'],
    ['[1, 2].toSet().hasAll([1])', 'allow'],
    [
      "{'a': 1, 'b': 2}.diff({'a': 1, 'b': 3, 'c': 4}).affectedKeys() == ['b', 'c'].toSet()",
      'allow',
    ],
    ["{'a': 1, 'b': 2}.diff({'a': 1, 'b': 3, 'c': 4}).addedKeys() == ['c'].toSet()", 'allow'],
    ["{'a': 1, 'b': 2}.diff({'a': 1}).removedKeys() == ['b'].toSet()", 'allow'],
    ["{'a': 1, 'b': 2}.diff({'a': 1, 'b': 3}).changedKeys() == ['b'].toSet()", 'allow'],
    ["{'a': 1, 'b': 2}.diff({'a': 1, 'b': 3}).unchangedKeys() == ['a'].toSet()", 'allow'],
    ["{'a': 1}.diff({'a': 1.0}).changedKeys().size() == 0", 'allow'],
    ["{'a': 1}.diff({'a': 2}).affectedKeys().hasOnly(['a'])", 'allow'],
  ]);
});

describe('timestamps and durations', () => {
  check([
    ['request.time == timestamp.value(1795262400000)', 'allow'],
    [
      'request.time.year() == 2026 && request.time.month() == 11 && request.time.day() == 21',
      'allow',
    ],
    ['request.time.hours() == 12 && request.time.minutes() == 0', 'allow'],
    ['request.time.toMillis() == 1795262400000', 'allow'],
    ['request.time.seconds() == 1795262400', 'allow'],
    ['resource.data.created.nanos() == 678000000', 'allow'],
    ['resource.data.created < request.time', 'allow'],
    ['request.time - resource.data.created > duration.value(300, "d")', 'allow'],
    ["request.time + duration.value(1, 'h') > request.time", 'allow'],
    [
      "request.time - duration.value(1, 'd') == timestamp.date(2026, 11, 20) + duration.value(12, 'h')",
      'allow',
    ],
    ['request.time.date() == timestamp.date(2026, 11, 21)', 'allow'],
    ["request.time.time() == duration.value(12, 'h')", 'allow'],
    ['duration.time(1, 30, 0, 0) == duration.value(90, "m")', 'allow'],
    ["duration.value(90, 's').seconds() == 90", 'allow'],
    ["duration.value(1500, 'ms').nanos() == 500000000", 'allow'],
    ["duration.value(1, 'fortnight') > duration.value(1, 's')", 'deny'], // unknown unit: error
    ['request.time.dayOfYear() == 325', 'allow'],
    ['timestamp.date(2026, 2, 30) == request.time', 'deny'], // invalid date: error
  ]);
});

describe('conversions, math, bytes, latlng, paths', () => {
  check([
    ["int('42') == 42", 'allow'],
    ['int(3.9) == 3', 'allow'],
    ["int('4.2') == 4", 'deny'], // not an int string: error
    ["float('1.5') == 1.5", 'allow'],
    ['float(2) == 2.0', 'allow'],
    ["string(42) == '42'", 'allow'],
    ["string(true) == 'true'", 'allow'],
    ["string(null) == 'null'", 'allow'],
    ['math.abs(-3) == 3', 'allow'],
    ['math.ceil(1.2) == 2 && math.floor(1.8) == 1', 'allow'],
    ['math.round(2.5) == 3 && math.trunc(-2.7) == -2', 'allow'],
    ['math.sqrt(16) == 4.0 && math.pow(2, 10) == 1024.0', 'allow'],
    ['math.isNaN(0.0 / 0.0) && math.isInfinite(1.0 / 0.0)', 'allow'],
    ["b'abc'.size() == 3 && b'abc'.toBase64() == 'YWJj'", 'allow'],
    ["b'\\x01\\xff'.toHexString() == '01FF'", 'allow'],
    ['latlng.value(10, 20).latitude() == 10.0', 'allow'],
    ['latlng.value(0, 0).distance(latlng.value(0, 1)) > 111000', 'allow'],
    ["path('/databases/d/documents/a/b') == /databases/d/documents/a/b", 'allow'],
    ["(/databases/$(database)/documents/a/$(id))[4] == 'doc'", 'allow'],
    [
      "/databases/$(database)/documents/a/$('x' + 'y') == path('databases/(default)/documents/a/xy')",
      'allow',
    ],
    ['request.path == /databases/$(database)/documents/t/doc', 'allow'],
    ["request.path[3] == 't'", 'allow'],
    ["resource['__name__'] == /databases/$(database)/documents/t/$(id)", 'allow'],
    ["resource.id == 'doc'", 'allow'],
    ['debug(1) == 1', 'allow'],
    ['nosuchfunction(1)', 'deny'],
  ]);
});
